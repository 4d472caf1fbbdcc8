import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ErrorBody } from '@hit/contracts';
import { logger } from './logger';

/** An error whose message is meant for the client, answered with `status`. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    /** Headers the answer carries too (e.g. Retry-After of a 503). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const DATABASE_DOWN_MESSAGE = 'Service temporarily unavailable: database is down';
export const INVALID_PATH_MESSAGE = 'Request path is not valid (bad percent-encoding)';

// Errors the driver and mongoose raise when no server can be reached (by name: robust to duplicate module copies).
const DATABASE_UNAVAILABLE = new Set([
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClosedError',
  'MongoPoolClearedError',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (DATABASE_UNAVAILABLE.has(error.name)) return true;
  // mongoose with bufferCommands off refuses queries while disconnected with a plain MongooseError.
  return error.name === 'MongooseError' && /initial connection is complete|buffering timed out/.test(error.message);
}

/** Errors from express.json() (body-parser / http-errors) carry `type` and `status`. */
interface BodyParserError extends Error {
  type?: string;
  status?: number;
  expose?: boolean;
  limit?: number;
}

function answerFor(error: unknown): { status: number; message: string } {
  if (error instanceof HttpError) return { status: error.status, message: error.message };
  if (isDatabaseUnavailable(error)) return { status: 503, message: DATABASE_DOWN_MESSAGE };
  // The router could not percent-decode a path parameter ("/api/workout-days/%"): it marks the URIError 400 but not
  // `expose`, and its message echoes the raw path, so answer a fixed one.
  if (error instanceof URIError && (error as BodyParserError).status === 400) {
    return { status: 400, message: INVALID_PATH_MESSAGE };
  }
  const e = error as BodyParserError;
  if (e?.type === 'entity.parse.failed') return { status: 400, message: 'Request body is not valid JSON' };
  if (e?.type === 'entity.too.large') {
    return { status: 413, message: `Request body is too large (limit ${Math.round((e.limit ?? 0) / 1024)} kB)` };
  }
  // Other client errors from body-parser (bad charset, aborted request…) have safe messages.
  if (e?.expose && typeof e.status === 'number' && e.status >= 400 && e.status < 500) {
    return { status: e.status, message: e.message };
  }
  return { status: 500, message: 'Internal server error' };
}

/** Unknown routes: a JSON 404 like every other error. */
export const notFound: RequestHandler = (_req, _res, next) => next(new HttpError(404, 'Not found'));

/** The one place errors become answers: `{ message }`, right status, never a stack trace. */
export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) return next(error);
  const { status, message } = answerFor(error);
  if (status >= 500) {
    logger.error('request failed', { method: req.method, path: req.originalUrl, status, error });
  }
  if (error instanceof HttpError && error.headers) res.set(error.headers);
  const body: ErrorBody = { message };
  res.status(status).json(body);
};
