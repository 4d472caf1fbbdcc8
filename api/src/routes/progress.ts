import { Router } from 'express';
import { exerciseIdParamSchema, workoutDayIdParamSchema, type LastWorkout } from '@hit/contracts';
import { currentUser, requireAccess, requireUser } from '../auth/currentUser';
import { sendGzippedJson } from '../http/gzippedJson';
import { parseOr400 } from '../http/validate';
import type { ProgressService } from '../services/progress';

/** Progress analytics: premium (402 once the trial is over). */
const premium = [requireUser, requireAccess];

/** GET /api/progress, GET /api/progress/last-workout/:exerciseId/:workoutDayId. */
export function progressRouter({ progress }: { progress: ProgressService }): Router {
  const router = Router();

  // ProgressEntry[] oldest first, sent as the cached gzipped JSON.
  router.get('/progress', ...premium, async (req, res) => {
    await sendGzippedJson(req, res, await progress.entriesBody(currentUser(req)._id));
  });

  // An exercise or day with no recorded sets (or unknown) answers nulls: there is simply no last workout.
  router.get('/progress/last-workout/:exerciseId/:workoutDayId', ...premium, async (req, res) => {
    const exerciseId = parseOr400(exerciseIdParamSchema, req.params.exerciseId, 'exerciseId');
    const workoutDayId = parseOr400(workoutDayIdParamSchema, req.params.workoutDayId, 'workoutDayId');
    res.json((await progress.lastWorkout(currentUser(req)._id, exerciseId, workoutDayId)) satisfies LastWorkout);
  });

  return router;
}
