import { Router, type Request, type RequestHandler } from 'express';
import { importBodySchema, type ImportPreview, type ImportResult } from '@hit/contracts';
import { currentUser, requireAccess, requireUser } from '../auth/currentUser';
import { limiter, userKey } from '../auth/rateLimits';
import { HttpError } from '../errors';
import { parseOr400 } from '../http/validate';
import type { ImportFields } from '../import/parseInWorker';
import type { RateLimitCounterModel } from '../models/rateLimitCounter';
import type { ImportService } from '../services/import';

/** A 10 MB file as a JSON string (quotes and line breaks escaped) and the mapping. */
export const IMPORT_BODY_LIMIT_BYTES = 12 * 1024 * 1024;
export const IMPORTS_PER_HOUR = 30;
export const IMPORT_RATE_LIMITED_MESSAGE = 'Too many imports in an hour. Please wait a while and try again.';
export const IMPORT_ALREADY_RUNNING_MESSAGE = 'An import is already running. Please wait for it to finish.';

/**
 * One import (or preview) at a time per user in this process: a second one while the first is read, parsed or written
 * is answered 409 before its body is read, and before the hourly limit counts it. Each one in flight holds its file
 * (up to 10 MB, read and parsed as JSON) and its parsed sets; a user sending many at once would hold many.
 */
function oneImportAtATime(): RequestHandler {
  const running = new Set<string>();
  return (req, res, next) => {
    const user = currentUser(req)._id.toHexString();
    if (running.has(user)) throw new HttpError(409, IMPORT_ALREADY_RUNNING_MESSAGE);
    running.add(user);
    // 'close' comes once the answer is sent or the connection is gone, whichever happens.
    res.once('close', () => running.delete(user));
    next();
  };
}

/** As express.json() answers a body over its limit (the api's error handler words it). */
function tooLarge(limit: number): Error {
  return Object.assign(new Error('request entity too large'), {
    type: 'entity.too.large',
    status: 413,
    expose: true,
    limit,
  });
}

/**
 * An import's body is kept as bytes and moved as they are to the parser thread, which parses the JSON with its file
 * (readImportInWorker): parsed here, its 12 MB of text would stay on the api's heap until V8 next collects it. As
 * express.json(): only a JSON body is read (another leaves `req.body` undefined), up to IMPORT_BODY_LIMIT_BYTES (413
 * beyond, at once when the length is known), and a charset it cannot read is refused (the thread reads UTF-8, as
 * browsers send JSON); a compressed body is refused too (browsers send none).
 */
const readImportBody: RequestHandler = (req, _res, next) => {
  if (!req.is('application/json')) {
    next();
    return;
  }
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.get('content-type') ?? '')?.[1].toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
    throw new HttpError(415, `unsupported charset "${charset.toUpperCase()}"`);
  const encoding = (req.get('content-encoding') ?? 'identity').toLowerCase();
  if (encoding !== 'identity') throw new HttpError(415, `unsupported content encoding "${encoding}"`);
  const length = Number(req.get('content-length') ?? 0);
  if (length > IMPORT_BODY_LIMIT_BYTES) throw tooLarge(IMPORT_BODY_LIMIT_BYTES);
  // With its length said (as browsers do), the body is copied into one buffer as it arrives, so the thread need not
  // join it (its pages take memory only as they are written).
  const whole = Number.isSafeInteger(length) && length > 0 ? new Uint8Array(length) : undefined;
  const chunks: Uint8Array[] = whole ? [whole] : [];
  let received = 0;
  let settled = false;
  const settle = (error?: unknown) => {
    if (settled) return;
    settled = true;
    if (error) {
      chunks.length = 0;
      next(error);
    } else {
      req.body = chunks;
      next();
    }
  };
  // What arrives after a refusal is read and dropped, so the connection can serve the next request.
  req.on('data', (chunk: Buffer) => {
    if (settled) return;
    if (received + chunk.byteLength > IMPORT_BODY_LIMIT_BYTES) settle(tooLarge(IMPORT_BODY_LIMIT_BYTES));
    else if (whole && received + chunk.byteLength > whole.byteLength)
      settle(new HttpError(400, 'request size did not match content length'));
    else if (whole) whole.set(chunk, received);
    else chunks.push(chunk);
    received += chunk.byteLength;
  });
  req.once('end', () => settle());
  req.once('error', () => settle(new HttpError(400, 'request aborted')));
  req.once('close', () => {
    if (!req.complete) settle(new HttpError(400, 'request aborted'));
  });
};

/** The body's checks, with its file stood in for; everything but the file (readImportInWorker). */
function checkImportBody(body: unknown): ImportFields {
  const { csv: _file, ...fields } = parseOr400(importBodySchema, body, 'Import');
  return fields;
}

/** The import routes read their own (large) bodies, after the user is known: the api's JSON parser leaves them. */
export const isImportRequest = (req: Request) => /^\/api\/import(\/|\?|$)/.test(req.originalUrl);

/** POST /api/import/preview, POST /api/import (issue #20): premium like other tracking. */
export function importRouter({ imports, counters }: { imports: ImportService; counters: RateLimitCounterModel }) {
  const router = Router();
  const guard = [
    requireUser,
    requireAccess,
    oneImportAtATime(),
    limiter({
      name: 'import-user',
      counters,
      limit: IMPORTS_PER_HOUR,
      windowMs: 60 * 60 * 1000,
      message: IMPORT_RATE_LIMITED_MESSAGE,
      keyGenerator: userKey,
    }),
    readImportBody,
  ];
  const request = (req: Request) => ({ body: req.body as Uint8Array[] | undefined, check: checkImportBody });

  router.post('/import/preview', ...guard, async (req, res) => {
    res.json((await imports.preview(currentUser(req)._id, request(req))) satisfies ImportPreview);
  });

  router.post('/import', ...guard, async (req, res) => {
    res.json((await imports.run(currentUser(req)._id, request(req))) satisfies ImportResult);
  });

  return router;
}
