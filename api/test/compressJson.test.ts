import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { randomUUID } from 'node:crypto';
import { compressJsonAnswers, COMPRESS_JSON_MAX_BYTES, COMPRESS_JSON_MIN_BYTES } from '../src/http/compressJson';
import { buildTestApp, startTestDatabase, TEST_PASSWORD, type TestDatabase } from './helpers';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as sent, not decoded. */
  bytes: Buffer;
}

/** One request to a listening server, its answer's bytes as they came over the wire. */
function rawRequest(
  port: number,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const BROWSER = 'gzip, deflate, br, zstd';
const decoded = (answer: RawAnswer) =>
  JSON.parse(
    (answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.bytes) : answer.bytes).toString('utf8'),
  ) as unknown;

describe('JSON answers to a client that accepts gzip', () => {
  let server: http.Server;
  let port: number;
  /** A JSON answer of about `bytes` bytes, with characters of two and three bytes in it. */
  const answerOf = (bytes: number) => ({ text: 'é€x'.repeat(Math.ceil(bytes / 6)) });

  beforeAll(async () => {
    const app = express();
    app.use(compression());
    app.use(compressJsonAnswers());
    app.get('/json/:bytes', (req, res) => {
      res.json(answerOf(Number(req.params.bytes)));
    });
    app.get('/typed', (_req, res) => {
      res.type('application/problem+json').json(answerOf(4000));
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('are gzipped in one piece, with their length, and decode to the same answer', async () => {
    const answer = await rawRequest(port, '/json/12000', { 'Accept-Encoding': BROWSER });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['transfer-encoding']).toBeUndefined();
    expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers.vary).toMatch(/Accept-Encoding/);
    expect(answer.bytes.length).toBeLessThan(1000);
    expect(decoded(answer)).toEqual(answerOf(12000));
  });

  it('are sent as they are to a client that does not accept gzip, or when small', async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'identity' }] as Record<string, string>[]) {
      const answer = await rawRequest(port, '/json/12000', headers);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(answer.bytes.toString('utf8'))).toEqual(answerOf(12000));
    }
    const small = await rawRequest(port, `/json/${COMPRESS_JSON_MIN_BYTES - 100}`, { 'Accept-Encoding': BROWSER });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(Buffer.byteLength(JSON.stringify(answerOf(COMPRESS_JSON_MIN_BYTES - 100)))).toBeLessThan(
      COMPRESS_JSON_MIN_BYTES,
    );
    expect(JSON.parse(small.bytes.toString('utf8'))).toEqual(answerOf(COMPRESS_JSON_MIN_BYTES - 100));
  });

  it('keeps a type the route set', async () => {
    const answer = await rawRequest(port, '/typed', { 'Accept-Encoding': 'gzip' });
    expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(decoded(answer)).toEqual(answerOf(4000));
  });

  it('leaves the largest to the compression stream, off the event loop, which still encodes them', async () => {
    const bytes = COMPRESS_JSON_MAX_BYTES * 2;
    const answer = await rawRequest(port, `/json/${bytes}`, { 'Accept-Encoding': BROWSER });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['transfer-encoding']).toBe('chunked');
    const plain = await rawRequest(port, `/json/${bytes}`, {});
    expect(JSON.parse(plain.bytes.toString('utf8'))).toEqual(answerOf(bytes));
  });
});

describe("the api's answers", () => {
  let database: TestDatabase;
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    database = await startTestDatabase();
    server = buildTestApp(database).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  });

  it("answer a set's sync and autosave gzipped in one piece to a browser, the same as to a plain client", async () => {
    const registered = await rawRequest(
      port,
      '/api/register',
      { 'Content-Type': 'application/json' },
      'POST',
      JSON.stringify({ email: `gzip.${randomUUID()}@example.com`, password: TEST_PASSWORD }),
    );
    expect(registered.status).toBe(201);
    const cookie = (registered.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
    const headers = { Cookie: cookie, 'Content-Type': 'application/json' };
    const started = await rawRequest(port, '/api/sessions/start', headers, 'POST', JSON.stringify({ dayId: 1 }));
    expect(started.status).toBe(201);
    const session = decoded(started) as {
      id: string;
      exercises: {
        sets: { completed: boolean; reps: number | null; weight: number | null; completedAt: string | null }[];
      }[];
    };
    session.exercises[0].sets[0] = {
      ...session.exercises[0].sets[0],
      completed: true,
      reps: 8,
      weight: 20,
      completedAt: new Date().toISOString(),
    };
    const save = JSON.stringify({ exercises: session.exercises });

    const browser = await rawRequest(
      port,
      `/api/sessions/${session.id}`,
      { ...headers, 'Accept-Encoding': BROWSER },
      'PUT',
      save,
    );
    const plain = await rawRequest(port, `/api/sessions/${session.id}`, headers, 'PUT', save);
    expect([browser.status, plain.status]).toEqual([200, 200]);
    expect(browser.headers['content-encoding']).toBe('gzip');
    expect(Number(browser.headers['content-length'])).toBe(browser.bytes.length);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(decoded(browser)).toEqual(decoded(plain));

    const sync = JSON.stringify({
      operations: [
        {
          opId: randomUUID(),
          at: new Date().toISOString(),
          type: 'save',
          dayId: 1,
          sessionId: session.id,
          exercises: session.exercises,
        },
      ],
    });
    const synced = await rawRequest(port, '/api/sync', { ...headers, 'Accept-Encoding': BROWSER }, 'POST', sync);
    expect(synced.status).toBe(200);
    expect(synced.headers['content-encoding']).toBe('gzip');
    expect(synced.headers['transfer-encoding']).toBeUndefined();
    expect(decoded(synced)).toMatchObject({ results: [{ status: 'applied' }], openSession: { id: session.id } });
  });
});
