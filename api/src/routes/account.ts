import { Router, type Request } from 'express';
import type { Connection } from 'mongoose';
import { csvExportQuerySchema, deleteAccountBodySchema } from '@hit/contracts';
import type { Config } from '../config';
import { HttpError } from '../errors';
import { logger } from '../logger';
import type { AccountRateLimits } from '../auth/accountLimits';
import { currentUser, requireUser } from '../auth/currentUser';
import { verifyPassword } from '../auth/password';
import { sendDownload } from '../http/download';
import { parseOr400 } from '../http/validate';
import type { BillingService } from '../services/billing';
import type { ExportService } from '../services/export';
import { deleteAccountAndData } from '../services/retention';
import { SESSION_COOKIE, sessionCookieOptions } from '../session';
import { userModel } from '../models/user';
import { storedSessionUser } from '../auth/sessionUser';
import { clearSignedInHint } from '../auth/signedInHint';

export const WRONG_PASSWORD_MESSAGE = 'Incorrect password';
export const ACCOUNT_DELETED_MESSAGE = 'Your account and all its data were deleted';

function destroySession(req: Request): Promise<void> {
  if (!req.session) return Promise.resolve();
  return new Promise((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
}

interface AccountRouterDeps {
  config: Pick<Config, 'isProduction'>;
  connection: Connection;
  exports: ExportService;
  billing: BillingService;
  limits: AccountRateLimits;
}

/**
 * GET /api/export/csv and /json, DELETE /api/user (issue #20). Signed in, never premium: a user's data is theirs,
 * trial over or not.
 */
export function accountRouter({ config, connection, exports, billing, limits }: AccountRouterDeps): Router {
  const router = Router();

  router.get('/export/csv', requireUser, ...limits.exports.csv, async (req, res) => {
    const query = parseOr400(csvExportQuerySchema, req.query, 'Query');
    const user = currentUser(req);
    await sendDownload(res, 'csv', (sink) => exports.writeCsv(user, query, sink));
  });

  router.get('/export/json', requireUser, ...limits.exports.json, async (req, res) => {
    const user = currentUser(req);
    await sendDownload(res, 'json', (sink) => exports.writeJson(user, sink));
  });

  // The password again, checked like a sign-in (rate limited); a subscription is ended at its provider first: if that
  // fails, nothing is deleted.
  router.delete('/user', requireUser, ...limits.deleteAccount, async (req, res) => {
    const { password } = parseOr400(deleteAccountBodySchema, req.body ?? {});
    // Read now, not from the session's copy: the hash is never carried there, and billing decides on the stored state.
    const stored = await userModel(connection).findById(currentUser(req)._id).lean();
    if (!stored) throw new HttpError(401, 'Not authenticated');
    const user = { ...storedSessionUser(stored), id: stored._id.toHexString() };
    if (!(await verifyPassword(password, stored.passwordHash))) throw new HttpError(401, WRONG_PASSWORD_MESSAGE);
    const subscriptions = await billing.cancelForDeletion(user);
    const deleted = await deleteAccountAndData(connection, { id: user.id, email: user.email });
    logger.info('account deleted by its owner', { userId: user.id, subscriptions, ...deleted });
    await destroySession(req);
    res.clearCookie(SESSION_COOKIE, sessionCookieOptions(config));
    clearSignedInHint(res, config);
    res.json({ message: ACCOUNT_DELETED_MESSAGE });
  });

  return router;
}
