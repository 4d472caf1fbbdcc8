import { Router } from 'express';
import type { Session } from 'express-session';
import { syncBatchBodySchema, type SyncBatchResponse } from '@hit/contracts';
import { currentUser, requireUser } from '../auth/currentUser';
import { HttpError } from '../errors';
import { parseOr400 } from '../http/validate';
import { SET_TIME_CLOCK_SKEW_MS, SYNC_OTHER_USER_MESSAGE } from '@hit/contracts/rules';
import { versionsOfDays } from '../services/progress';
import type { SyncService } from '../services/sync';
import type { SessionService } from '../services/sessions';
import type { WeightUnitService } from '../services/weightUnit';
import type { WorkoutService } from '../services/workouts';
import { toSession, toWorkoutDay } from './workoutShapes';

type SyncingSession = Session & { syncedUntil?: number };

/**
 * POST /api/sync: the outbox of workout writes (docs/architecture.md, "Offline design"). Signed in, not premium:
 * sets done before access ended are still taken after it ended, so access is judged per operation, by its time.
 */
export function syncRouter({
  sync,
  workouts,
  sessions,
  weightUnits,
}: {
  sync: SyncService;
  workouts: WorkoutService;
  sessions: SessionService;
  weightUnits: WeightUnitService;
}): Router {
  const router = Router();

  // 200 whenever the batch was read: each operation's own answer is in `results`.
  router.post('/sync', requireUser, async (req, res) => {
    const { operations, userId } = parseOr400(syncBatchBodySchema, req.body);
    const user = currentUser(req);
    if (userId !== undefined && userId !== user._id.toString()) throw new HttpError(409, SYNC_OTHER_USER_MESSAGE);
    // The device is the login session: what it has synced so far is kept with it (services/sync.ts, DeviceSync).
    const device = req.session as SyncingSession;
    // Each operation is parsed again from the request as sent (the envelope only vouched for its opId).
    const batch = await sync.applyBatch(user, operations, (req.body as { operations: unknown[] }).operations, {
      syncedUntil: typeof device.syncedUntil === 'number' ? new Date(device.syncedUntil) : null,
    });
    const { results, savedSessions } = batch;
    await weightUnits.remember(user, batch.newestSet);
    const syncedUntil = batch.device.syncedUntil?.getTime();
    // Stored when it moves by the clock allowance the check grants anyway: not a session write for every set.
    if (syncedUntil !== undefined && !(syncedUntil - (device.syncedUntil ?? -Infinity) < SET_TIME_CLOCK_SKEW_MS)) {
      device.syncedUntil = syncedUntil;
    }
    // Saves change no rotation: after a batch of only saves (a set logged), the rotation is the session's copy, as
    // GET /api/workout-state answers it; after any other operation it is read again.
    const rotation = operations.every((op) => op.type === 'save') ? user.rotation : undefined;
    const { days, state } = await workouts.listDays(user._id, rotation);
    const open = await sessions.openSession(user._id, days, savedSessions);
    res.json({
      results,
      workoutDays: days.map((day) => toWorkoutDay(day, state)),
      workoutState: state,
      openSession: open && toSession(open),
      // From the days just read: the client asks the records and the goals again only when it moved.
      workingSetsVersion: versionsOfDays(days).workingSets,
      // As this batch's saves left it (services/weightUnit.ts).
      weightUnit: user.weightUnit,
    } satisfies SyncBatchResponse);
  });

  return router;
}
