import express, { Router, type Request } from 'express';
import { importBodySchema, type ImportPreview, type ImportResult } from '@hit/contracts';
import { currentUser, requireAccess, requireUser } from '../auth/currentUser';
import { limiter, userKey } from '../auth/rateLimits';
import { parseOr400 } from '../http/validate';
import type { RateLimitCounterModel } from '../models/rateLimitCounter';
import type { ImportService } from '../services/import';

/** A 10 MB file as a JSON string (quotes and line breaks escaped) and the mapping. */
export const IMPORT_BODY_LIMIT = '12mb';
export const IMPORTS_PER_HOUR = 30;
export const IMPORT_RATE_LIMITED_MESSAGE = 'Too many imports in an hour. Please wait a while and try again.';

/** The import routes read their own (large) bodies, after the user is known: the api's JSON parser leaves them. */
export const isImportRequest = (req: Request) => /^\/api\/import(\/|\?|$)/.test(req.originalUrl);

/** POST /api/import/preview, POST /api/import (issue #20): premium like other tracking. */
export function importRouter({ imports, counters }: { imports: ImportService; counters: RateLimitCounterModel }) {
  const router = Router();
  const guard = [
    requireUser,
    requireAccess,
    limiter({
      name: 'import-user',
      counters,
      limit: IMPORTS_PER_HOUR,
      windowMs: 60 * 60 * 1000,
      message: IMPORT_RATE_LIMITED_MESSAGE,
      keyGenerator: userKey,
    }),
    express.json({ limit: IMPORT_BODY_LIMIT }),
  ];

  router.post('/import/preview', ...guard, async (req, res) => {
    const body = parseOr400(importBodySchema, req.body, 'Import');
    res.json((await imports.preview(currentUser(req)._id, body)) satisfies ImportPreview);
  });

  router.post('/import', ...guard, async (req, res) => {
    const body = parseOr400(importBodySchema, req.body, 'Import');
    res.json((await imports.run(currentUser(req)._id, body)) satisfies ImportResult);
  });

  return router;
}
