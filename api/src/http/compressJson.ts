import { gzipSync } from 'node:zlib';
import type { RequestHandler, Response } from 'express';

/** Smaller answers are sent as they are: compression()'s own threshold. */
export const COMPRESS_JSON_MIN_BYTES = 1024;
/**
 * Larger answers are left to compression()'s stream, which deflates on libuv's threads: one of this size takes about
 * 0.3 ms to gzip here, the longest an answer may hold the event loop for it.
 */
export const COMPRESS_JSON_MAX_BYTES = 64 * 1024;

/**
 * `res.json` for the api's answers: a client that accepts gzip gets the answer gzipped in one call, with its
 * Content-Length, instead of through compression()'s stream, which leaves an encoded body alone. The stream costs
 * about three times the deflate itself for a sync's answer of 12 KB (its set-up, its hand-over to libuv's threads
 * and back, a brotli encoder's state for browsers, which accept br), 0.14-0.21 ms of CPU against 0.05, and every
 * write of a set a lifter logs is answered so (POST /api/sync). Only gzip: the answers kept compressed
 * (http/gzippedJson.ts) are gzip too, and every browser accepts it.
 */
export function compressJsonAnswers(): RequestHandler {
  return (req, res, next) => {
    if (req.acceptsEncodings('gzip') === 'gzip') res.json = jsonGzipped;
    next();
  };
}

function jsonGzipped(this: Response, body: unknown): Response {
  const text = JSON.stringify(body) as string | undefined;
  const bytes = text === undefined ? 0 : Buffer.byteLength(text);
  if (!this.get('Content-Type')) this.set('Content-Type', 'application/json; charset=utf-8');
  if (bytes < COMPRESS_JSON_MIN_BYTES || bytes > COMPRESS_JSON_MAX_BYTES || this.get('Content-Encoding')) {
    return this.send(text);
  }
  this.vary('Accept-Encoding');
  this.set('Content-Encoding', 'gzip');
  return this.send(gzipSync(text as string));
}
