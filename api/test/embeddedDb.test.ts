import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAX_SOCKET_PATH_BYTES, socketUri } from '@hit/embedded-mongo';
import { connectDatabase, connectDatabaseForTool, EMBEDDED_SOCKET_FILE, RUNNING_SERVER_FILE } from '../src/db';

/** The TCP ports this process listens on (Linux: its socket inodes in /proc/self/fd, matched in /proc/net/tcp*). */
function tcpPortsListenedOn(): string[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync('/proc/self/fd')) {
    let target = '';
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue; // closed while listing
    }
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode) inodes.add(inode);
  }
  const ports: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const columns = line.trim().split(/\s+/);
      // local_address is column 1 (hex address:port), st column 3 (0A = LISTEN), inode column 9.
      if (columns[3] === '0A' && inodes.has(columns[9])) ports.push(String(parseInt(columns[1].split(':')[1], 16)));
    }
  }
  return ports.sort();
}

/** Runs a connection attempt to `socketPath` as the unprivileged user `nobody`, answering the error code or 'connected'. */
function connectAsNobody(socketPath: string): Promise<string> {
  const script = `require('node:net').connect(${JSON.stringify(socketPath)})
    .once('connect', function () { console.log('connected'); this.destroy(); })
    .once('error', (error) => console.log(error.code))`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script], { uid: 65534, gid: 65534, cwd: '/' }, (error, stdout) =>
      error ? reject(error) : resolve(stdout.trim()),
    );
  });
}

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('the embedded database `npm start` runs (no MONGODB_URI)', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'hit-embedded-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('listens on a Unix socket only its owner can open (0600 in a 0700 folder), on no TCP port', async () => {
    const portsBefore = tcpPortsListenedOn();
    const database = await connectDatabase({ dataDir });
    try {
      const dbPath = path.join(dataDir, 'db');
      const socketPath = path.join(dbPath, EMBEDDED_SOCKET_FILE);
      expect(database.description).toBe(`embedded database in ${dbPath} (socket ${socketPath})`);
      expect(statSync(socketPath).isSocket()).toBe(true);
      expect(modeOf(socketPath)).toBe(0o600);
      expect(modeOf(dbPath)).toBe(0o700);
      expect(tcpPortsListenedOn()).toEqual(portsBefore);
      // What the command-line tools read to reach it: the socket's URI.
      expect(JSON.parse(readFileSync(path.join(dbPath, RUNNING_SERVER_FILE), 'utf8'))).toEqual({
        uri: socketUri(socketPath),
        pid: process.pid,
      });
      await database.connection.collection('notes').insertOne({ text: 'private' });
    } finally {
      await database.close();
    }
  });

  it('refuses a connection from another local user', async () => {
    const database = await connectDatabase({ dataDir });
    try {
      const socketPath = path.join(dataDir, 'db', EMBEDDED_SOCKET_FILE);
      if (process.getuid?.() === 0) {
        // Root may become anyone: try as `nobody`, whom the kernel refuses at the 0700 folder.
        expect(await connectAsNobody(socketPath)).toBe('EACCES');
      } else {
        // Not root: this user cannot become another, but owns the files; what another user would find is that
        // neither is open to group or others.
        expect(modeOf(socketPath) & 0o077).toBe(0);
        expect(modeOf(path.join(dataDir, 'db')) & 0o077).toBe(0);
      }
    } finally {
      await database.close();
    }
  });

  it("gives the tools (npm run retention, npm run release) the running api's database through its socket", async () => {
    const api = await connectDatabase({ dataDir });
    try {
      await api.connection.collection('notes').insertOne({ text: 'from the api' });
      const tool = await connectDatabaseForTool({ dataDir });
      try {
        expect(tool.description).toBe(
          `embedded database of the running api (pid ${process.pid}, ${socketUri(path.join(dataDir, 'db', EMBEDDED_SOCKET_FILE))})`,
        );
        expect(await tool.connection.collection('notes').findOne({}, { projection: { _id: 0 } })).toEqual({
          text: 'from the api',
        });
      } finally {
        await tool.close();
      }
    } finally {
      await api.close();
    }
  });

  it('makes an existing data folder private again when it starts', async () => {
    const first = await connectDatabase({ dataDir });
    await first.connection.collection('notes').insertOne({ text: 'kept' });
    await first.close();
    const { chmodSync } = await import('node:fs');
    chmodSync(path.join(dataDir, 'db'), 0o755);

    const second = await connectDatabase({ dataDir });
    try {
      expect(modeOf(path.join(dataDir, 'db'))).toBe(0o700);
      expect(await second.connection.collection('notes').countDocuments()).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('listens in a private temporary folder when DATA_DIR is too deep for a socket path, and removes it on close', async () => {
    const deepDataDir = path.join(dataDir, 'd'.repeat(MAX_SOCKET_PATH_BYTES));
    const database = await connectDatabase({ dataDir: deepDataDir });
    let socketPath: string;
    try {
      socketPath = /\(socket (.+)\)$/.exec(database.description)![1];
      expect(path.dirname(path.dirname(socketPath))).toBe(tmpdir());
      expect(path.basename(path.dirname(socketPath))).toMatch(/^hit-db-/);
      expect(modeOf(socketPath)).toBe(0o600);
      expect(modeOf(path.dirname(socketPath))).toBe(0o700);
      await database.connection.collection('notes').insertOne({ text: 'deep' });
      // The journal still lives in DATA_DIR/db.
      expect(readdirSync(path.join(deepDataDir, 'db'))).toEqual(expect.arrayContaining([RUNNING_SERVER_FILE]));
    } finally {
      await database.close();
    }
    expect(() => statSync(path.dirname(socketPath))).toThrow(/ENOENT/);
  });
});
