import { Router } from 'express';
import {
  deviceIdSchema,
  savePushSubscriptionBodySchema,
  scheduleRestAlertBodySchema,
  type PushKey,
  type RestAlertScheduled,
} from '@hit/contracts';
import { currentUser, requireUser } from '../auth/currentUser';
import { limiter, userKey } from '../auth/rateLimits';
import { parseOr400 } from '../http/validate';
import type { RateLimitCounterModel } from '../models/rateLimitCounter';
import type { PushService } from '../services/push';

/**
 * Rest alerts a user may schedule (PUT /api/push/rest) in one window. Each one makes the api POST to a push service,
 * so a script must not drive it; a lifter resting three minutes a set, pausing and resuming each rest, schedules
 * about ten in ten minutes.
 */
export const REST_ALERTS_PER_WINDOW = 60;
export const REST_ALERT_WINDOW_MS = 10 * 60 * 1000;
export const REST_ALERT_RATE_LIMITED_MESSAGE = 'Too many rest alerts scheduled. Please wait 10 minutes and try again.';

/**
 * The rest-over alert by Web Push (issue #22): GET /api/push/key, PUT /api/push/subscription,
 * DELETE /api/push/subscription/:deviceId, PUT /api/push/rest, DELETE /api/push/rest/:deviceId. Signed in, not
 * premium; each call reaches only the signed-in user's own devices (another user's device id is not theirs: 404).
 * Scheduling is limited per user (REST_ALERTS_PER_WINDOW); cancelling is not, so a skipped rest is never pushed.
 */
export function pushRouter({ push, counters }: { push: PushService; counters: RateLimitCounterModel }): Router {
  const router = Router();
  const restAlertLimit = limiter({
    name: 'rest-alert-user',
    counters,
    limit: REST_ALERTS_PER_WINDOW,
    windowMs: REST_ALERT_WINDOW_MS,
    message: REST_ALERT_RATE_LIMITED_MESSAGE,
    keyGenerator: userKey,
  });
  const deviceIdOf = (value: unknown) => parseOr400(deviceIdSchema, value, 'deviceId');

  router.get('/push/key', requireUser, (_req, res) => {
    res.json({ publicKey: push.publicKey() } satisfies PushKey);
  });

  router.put('/push/subscription', requireUser, async (req, res) => {
    const body = parseOr400(savePushSubscriptionBodySchema, req.body, 'Subscription');
    await push.saveSubscription(currentUser(req), req.sessionID, body);
    res.status(204).end();
  });

  router.delete('/push/subscription/:deviceId', requireUser, async (req, res) => {
    await push.deleteSubscription(currentUser(req), deviceIdOf(req.params.deviceId));
    res.status(204).end();
  });

  router.put('/push/rest', requireUser, restAlertLimit, async (req, res) => {
    const body = parseOr400(scheduleRestAlertBodySchema, req.body, 'Rest');
    const dueAt = await push.scheduleRest(currentUser(req), body);
    res.json({ dueAt: dueAt.toISOString() } satisfies RestAlertScheduled);
  });

  router.delete('/push/rest/:deviceId', requireUser, async (req, res) => {
    await push.cancelRest(currentUser(req), deviceIdOf(req.params.deviceId));
    res.status(204).end();
  });

  return router;
}
