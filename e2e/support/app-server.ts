import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export function freshDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'hit-e2e-data-'));
}

export interface RunningApp {
  baseUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the production build of the api (which serves the shell and remotes) and waits until it is healthy. */
export async function startApp(env: Record<string, string>): Promise<RunningApp> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, [path.join(repoRoot, 'api/dist/server.js')], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const baseUrl = `http://127.0.0.1:${port}`;

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`The app exited with code ${child.exitCode} before it was healthy:\n${output.join('')}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
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
