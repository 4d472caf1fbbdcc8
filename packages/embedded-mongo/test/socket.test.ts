import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import { EmbeddedMongo, MAX_SOCKET_PATH_BYTES, socketUri } from '../src';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'embedded-mongo-socket-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** A server in another process, listening on `socketPath`, then killed with SIGKILL: its socket file stays behind. */
async function leaveStaleSocket(socketPath: string): Promise<void> {
  const child = spawn(process.execPath, [
    '-e',
    `require('node:net').createServer().listen(${JSON.stringify(socketPath)}, () => console.log('up'))`,
  ]);
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`listener exited with ${code}`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('EmbeddedMongo on a Unix socket (socketPath)', () => {
  it('serves the driver through the socket only, the file mode 0600, and removes it on stop', async () => {
    const socketPath = path.join(dir, 'mongod.sock');
    const server = await EmbeddedMongo.start({ socketPath, dbPath: path.join(dir, 'db') });
    try {
      expect(server.uri).toBe(socketUri(socketPath));
      expect(server.uri).toBe(`mongodb://${encodeURIComponent(socketPath)}`);
      expect(server.port).toBe(0);
      const stat = fs.statSync(socketPath);
      expect(stat.isSocket()).toBe(true);
      expect(stat.mode & 0o777).toBe(0o600);

      const client = await MongoClient.connect(server.uri);
      try {
        await client.db('t').collection('c').insertOne({ through: 'socket' });
        expect(
          await client
            .db('t')
            .collection('c')
            .findOne({}, { projection: { _id: 0 } }),
        ).toEqual({
          through: 'socket',
        });
      } finally {
        await client.close();
      }
    } finally {
      await server.stop();
    }
    expect(fs.existsSync(socketPath)).toBe(false);
  });

  it('replaces a socket file left by a server that died', async () => {
    const socketPath = path.join(dir, 'mongod.sock');
    await leaveStaleSocket(socketPath);
    expect(fs.statSync(socketPath).isSocket()).toBe(true);

    const server = await EmbeddedMongo.start({ socketPath });
    try {
      const client = await MongoClient.connect(server.uri);
      await client.db('t').command({ ping: 1 });
      await client.close();
    } finally {
      await server.stop();
    }
  });

  it('refuses a socket another server answers on, and a file that is not a socket, leaving both alone', async () => {
    const socketPath = path.join(dir, 'mongod.sock');
    const first = await EmbeddedMongo.start({ socketPath });
    try {
      await expect(EmbeddedMongo.start({ socketPath })).rejects.toMatchObject({ code: 'EADDRINUSE' });
      const client = await MongoClient.connect(first.uri);
      await client.db('t').command({ ping: 1 });
      await client.close();
    } finally {
      await first.stop();
    }
    const notASocket = path.join(dir, 'notes.txt');
    fs.writeFileSync(notASocket, 'keep me');
    await expect(EmbeddedMongo.start({ socketPath: notASocket })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    expect(fs.readFileSync(notASocket, 'utf8')).toBe('keep me');
  });

  it('refuses a path longer than the system takes, saying so, before touching the data folder', async () => {
    const socketPath = path.join(dir, 'x'.repeat(MAX_SOCKET_PATH_BYTES), 'mongod.sock');
    const dbPath = path.join(dir, 'db');
    await expect(EmbeddedMongo.start({ socketPath, dbPath })).rejects.toThrow(
      new RegExp(`^socket path is ${Buffer.byteLength(socketPath)} bytes, over the system's ${MAX_SOCKET_PATH_BYTES}`),
    );
    expect(fs.existsSync(dbPath)).toBe(false);
  });

  it('still listens on TCP when no socket is given (the test harnesses)', async () => {
    const server = await EmbeddedMongo.start({ port: 0 });
    try {
      expect(server.uri).toBe(`mongodb://127.0.0.1:${server.port}`);
      await new Promise<void>((resolve, reject) => {
        const probe = net.connect(server.port, '127.0.0.1', () => {
          probe.destroy();
          resolve();
        });
        probe.once('error', reject);
      });
    } finally {
      await server.stop();
    }
  });
});
