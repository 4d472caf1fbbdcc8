/**
 * The api as a plain `npm start` runs it (development, no HOST, no SESSION_SECRET): reachable from this machine only,
 * and signing its cookies with a secret of its data folder that outlives a restart. Before, it listened on every
 * interface and signed with a constant from the public source.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ApiClient } from './reliability/client';
import { makeTempDir, startApi, stopAllProcesses, type TempDir } from './reliability/processes';
import { signUp } from './reliability/workout';

// Two starts of a real process, compiled on load.
jest.setTimeout(90_000);

/** A plain start: every variable the harness would set left empty, which the api reads as unset. */
const PLAIN = {
  NODE_ENV: 'development',
  HOST: '',
  SESSION_SECRET: '',
  TRUST_PROXY: '',
  VAPID_PUBLIC_KEY: '',
  VAPID_PRIVATE_KEY: '',
  VAPID_SUBJECT: '',
};

/** The local addresses the kernel lists a listening TCP socket on `port` for (/proc/net/tcp and tcp6, hex). */
async function listeningAddresses(port: number): Promise<string[]> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const addresses: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1);
    for (const line of lines) {
      const [, local, , state] = line.trim().split(/\s+/);
      // 0A: LISTEN.
      if (state === '0A' && local?.endsWith(`:${hexPort}`)) addresses.push(local.slice(0, -hexPort.length - 1));
    }
  }
  return addresses;
}

describe('a plain start', () => {
  let dataDir: TempDir;

  beforeAll(async () => {
    dataDir = await makeTempDir('plain-start');
  });
  afterAll(async () => {
    await stopAllProcesses();
    await dataDir?.remove();
  });

  it('listens on 127.0.0.1 only, and keeps its sessions across a restart with the secret it made', async () => {
    const first = await startApi({ dataDir: dataDir.path, env: PLAIN, name: 'api (plain start)' });
    const port = Number(new URL(first.baseUrl).port);
    // 127.0.0.1 as the kernel writes it (little-endian hex): no 0.0.0.0 or :: entry, so no other machine reaches it.
    expect(await listeningAddresses(port)).toEqual(['0100007F']);

    const secretFile = path.join(dataDir.path, 'session-secret');
    expect((await stat(secretFile)).mode & 0o777).toBe(0o600);
    const secret = (await readFile(secretFile, 'utf8')).trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(first.process.describe()).not.toContain(secret);

    const client = new ApiClient(first.baseUrl);
    const email = await signUp(client, 'plain-start');
    await first.process.kill();

    const second = await startApi({ dataDir: dataDir.path, env: PLAIN, name: 'api (restarted)' });
    client.baseUrl = second.baseUrl;
    const user = await client.expect<{ email: string }>(200, 'GET', '/api/user');
    expect(user.email).toBe(email);
    expect((await readFile(secretFile, 'utf8')).trim()).toBe(secret);
  });
});
