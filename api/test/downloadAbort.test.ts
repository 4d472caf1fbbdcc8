import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import express, { type ErrorRequestHandler } from 'express';
import { sendDownload } from '../src/http/download';

/**
 * A download whose client leaves half way (a closed tab, a cancelled download): the export stops at its next piece
 * or back-pressure wait instead of reading and writing the rest of the user's history for nobody. The writer here is
 * a stand-in for the export service, slower than the socket or larger than its buffers, so the client really leaves
 * before the end (a real 30k-set export fits in the socket's buffers once gzipped, and finishes first).
 */
const PIECE_BYTES = 16 * 1024;
/** 64 MB of pieces: far more than the socket's buffers hold. */
const PIECES = 4000;
/** base64 of random bytes: gzip cannot shrink it below the buffers. */
const piece = () => randomBytes((PIECE_BYTES * 3) / 4).toString('base64');

interface Download {
  written: number;
  /** Settles when sendDownload returns (or throws). */
  done: Promise<void>;
}

describe('a download the client leaves half way', () => {
  let server: http.Server;
  let baseUrl: string;
  let downloads: Download[];
  let errors: unknown[];
  let pauseMs: number;

  beforeAll(async () => {
    const app = express();
    app.use(compression());
    app.get('/download', (_req, res, next) => {
      const download: Download = { written: 0, done: Promise.resolve() };
      downloads.push(download);
      download.done = sendDownload(res, 'csv', async (sink) => {
        for (let i = 0; i < PIECES; i += 1) {
          if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
          await sink(piece());
          download.written += 1;
        }
      });
      download.done.catch(next);
    });
    app.get('/hello', (_req, res) => {
      res.json({ ok: true });
    });
    const onError: ErrorRequestHandler = (error, _req, res, _next) => {
      errors.push(error);
      res.status(500).end();
    };
    app.use(onError);
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    downloads = [];
    errors = [];
    pauseMs = 0;
  });

  /** Starts a download and leaves as soon as its first bytes arrive. */
  function downloadAndLeave(headers: Record<string, string>): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const request = http.get(`${baseUrl}/download`, { headers }, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve(response);
        });
      });
      request.on('error', (error) => {
        if (!request.destroyed) reject(error);
      });
    });
  }

  /** The download's writer has stopped: sendDownload returned. */
  async function stopped(download: Download): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`still writing after ${download.written} pieces`)), 5000);
    });
    try {
      await Promise.race([download.done, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  it.each([
    ['plain', {}],
    ['gzipped', { 'accept-encoding': 'gzip' }],
  ])('stops a %s download waiting for the socket when the client leaves', async (_name, headers) => {
    const response = await downloadAndLeave(headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="?hit-tracker-[\d-]+\.csv"?$/);

    const [download] = downloads;
    await stopped(download);
    expect(download.written).toBeLessThan(PIECES);
    expect(errors).toEqual([]);
  });

  it('stops at its next piece when the client leaves while the writer is between pieces', async () => {
    pauseMs = 20;
    await downloadAndLeave({});
    const [download] = downloads;
    await stopped(download);
    // The client left after the first piece; the writer may have finished the piece it was on, not many more.
    expect(download.written).toBeLessThan(10);
    expect(errors).toEqual([]);
  });

  it('keeps answering other requests after a client left', async () => {
    await downloadAndLeave({ 'accept-encoding': 'gzip' });
    await stopped(downloads[0]);
    const answer = await fetch(`${baseUrl}/hello`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
  });
});
