import type { RequestHandler } from 'express';
import type { ExportFormat } from '@hit/contracts';
import type { RateLimitCounterModel } from '../models/rateLimitCounter';
import { limiter, userKey } from './rateLimits';

const MINUTE_MS = 60 * 1000;

export interface AccountLimitSettings {
  /** Downloads of each export (CSV, JSON), whatever their answer, per user in one window. */
  exportsPerUser: number;
  exportWindowMs: number;
  /** Wrong passwords (401) typed to delete the account, per user, in one window. */
  deletionFailuresPerUser: number;
  deletionWindowMs: number;
}

/**
 * An export reads every set the lifter has: ten of each an hour is more than anyone saving their data needs, and keeps
 * one account from loading the server with them. Deleting the account asks for the password, so it is guarded like
 * signing in: ten wrong ones in 15 minutes.
 */
export const ACCOUNT_LIMITS: AccountLimitSettings = {
  exportsPerUser: 10,
  exportWindowMs: 60 * MINUTE_MS,
  deletionFailuresPerUser: 10,
  deletionWindowMs: 15 * MINUTE_MS,
};

export const EXPORT_RATE_LIMITED_MESSAGE =
  'You downloaded this file 10 times in the last hour. Please wait an hour and try again.';
export const DELETION_RATE_LIMITED_MESSAGE = 'Too many wrong passwords. Please wait 15 minutes and try again.';

export interface AccountRateLimits {
  /** Run before GET /api/export/csv and /json, after requireUser: per user and file. */
  exports: Record<ExportFormat, RequestHandler[]>;
  /** Run before DELETE /api/user, after requireUser: per user, wrong passwords only. */
  deleteAccount: RequestHandler[];
}

/** The export and deletion limits (docs/product-rules.md, "Rate limits"); counters keyed by the user's id. */
export function accountRateLimits(
  counters: RateLimitCounterModel,
  settings: AccountLimitSettings = ACCOUNT_LIMITS,
): AccountRateLimits {
  const exportLimit = (format: ExportFormat) => [
    limiter({
      name: `export-${format}-user`,
      counters,
      limit: settings.exportsPerUser,
      windowMs: settings.exportWindowMs,
      message: EXPORT_RATE_LIMITED_MESSAGE,
      keyGenerator: userKey,
    }),
  ];
  return {
    exports: { csv: exportLimit('csv'), json: exportLimit('json') },
    deleteAccount: [
      limiter({
        name: 'account-delete-user',
        counters,
        limit: settings.deletionFailuresPerUser,
        windowMs: settings.deletionWindowMs,
        message: DELETION_RATE_LIMITED_MESSAGE,
        keyGenerator: userKey,
        counts: (status) => status === 401,
      }),
    ],
  };
}
