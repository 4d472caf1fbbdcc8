import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../..');

export function freshDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'hit-e2e-data-'));
}

/**
 * A port free on 127.0.0.1 now, for an app that must know its own origin before it starts (PUBLIC_ORIGIN, which the
 * api requires with SMTP_URL).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningApp {
  baseUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the production build of the api (which serves the shell and remotes) on a port the system picks (PORT=0,
 * read back from its start-up line) and waits until it is healthy.
 */
export async function startApp(env: Record<string, string>): Promise<RunningApp> {
  const output: string[] = [];
  const child = spawn(process.execPath, [path.join(repoRoot, 'api/dist/server.js')], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));

  const deadline = Date.now() + 30_000;
  let baseUrl: string | undefined;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`The app exited with code ${child.exitCode} before it was healthy:\n${output.join('')}`);
    }
    const port = /HIT Tracker listening on http:\/\/localhost:(\d+)/.exec(output.join(''))?.[1];
    if (port) baseUrl = `http://127.0.0.1:${port}`;
    try {
      if (baseUrl && (await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The app did not become healthy within 30 s:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    baseUrl,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
