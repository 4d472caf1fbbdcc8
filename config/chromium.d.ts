export declare const CHROMIUM_ARGS: string[];

export interface ResolvedChromium {
  executablePath: string;
  /** What `--version` prints, e.g. "Chromium 147.0.7727.0". */
  version: string;
  /** Variables the browser needs on top of the current environment (the packaged fonts or libraries). */
  env: Record<string, string>;
  /** The version and where it comes from, for the one line a run prints. */
  description: string;
}

export declare function resolveChromium(): Promise<ResolvedChromium>;

export declare function launchOptions(browser: ResolvedChromium): {
  executablePath: string;
  headless: true;
  args: string[];
  env: Record<string, string | undefined> | undefined;
};
