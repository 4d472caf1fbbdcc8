import { Router } from 'express';
import {
  deviceIdSchema,
  savePushSubscriptionBodySchema,
  scheduleRestAlertBodySchema,
  type PushKey,
  type RestAlertScheduled,
} from '@hit/contracts';
import { currentUser, requireUser } from '../auth/currentUser';
import { parseOr400 } from '../http/validate';
import type { PushService } from '../services/push';

/**
 * The rest-over alert by Web Push (issue #22): GET /api/push/key, PUT /api/push/subscription,
 * DELETE /api/push/subscription/:deviceId, PUT /api/push/rest, DELETE /api/push/rest/:deviceId. Signed in, not
 * premium; each call reaches only the signed-in user's own devices (another user's device id is not theirs: 404).
 */
export function pushRouter({ push }: { push: PushService }): Router {
  const router = Router();
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

  router.put('/push/rest', requireUser, async (req, res) => {
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
