// Set by webpack's DefinePlugin when this remote is built (config/webpack.factory.js); absent under jest. Read here,
// in the remote's own code: the shared @hit/ui singleton may be another app's copy, built without them.
declare const __BUILD_LABEL__: string | undefined;
declare const __REMOTE_VERSION__: string | undefined;

/** The on-screen label of a canary or preview build (BUILD_LABEL at build time); empty for normal builds. */
export function buildLabel(): string {
  return typeof __BUILD_LABEL__ === 'string' ? __BUILD_LABEL__ : '';
}

/** The version this build was published as (REMOTE_VERSION, else package.json's); empty outside a build. */
export function remoteVersion(): string {
  return typeof __REMOTE_VERSION__ === 'string' ? __REMOTE_VERSION__ : '';
}
