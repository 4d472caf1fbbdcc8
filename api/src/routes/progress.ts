import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { Router } from 'express';
import { exerciseIdParamSchema, workoutDayIdParamSchema, type LastWorkout } from '@hit/contracts';
import { currentUser, requireAccess, requireUser } from '../auth/currentUser';
import { parseOr400 } from '../http/validate';
import type { ProgressService } from '../services/progress';

const gunzipAsync = promisify(gunzip);

/** Progress analytics: premium (402 once the trial is over). */
const premium = [requireUser, requireAccess];

/** GET /api/progress, GET /api/progress/last-workout/:exerciseId/:workoutDayId. */
export function progressRouter({ progress }: { progress: ProgressService }): Router {
  const router = Router();

  // ProgressEntry[] oldest first, sent as the cached gzipped JSON (compression() leaves an encoded body alone).
  router.get('/progress', ...premium, async (req, res) => {
    const gzipped = await progress.entriesBody(currentUser(req)._id);
    res.type('application/json').vary('Accept-Encoding');
    if (req.acceptsEncodings('gzip')) res.set('Content-Encoding', 'gzip').send(gzipped);
    else res.send(await gunzipAsync(gzipped));
  });

  // An exercise or day with no recorded sets (or unknown) answers nulls: there is simply no last workout.
  router.get('/progress/last-workout/:exerciseId/:workoutDayId', ...premium, async (req, res) => {
    const exerciseId = parseOr400(exerciseIdParamSchema, req.params.exerciseId, 'exerciseId');
    const workoutDayId = parseOr400(workoutDayIdParamSchema, req.params.workoutDayId, 'workoutDayId');
    res.json((await progress.lastWorkout(currentUser(req)._id, exerciseId, workoutDayId)) satisfies LastWorkout);
  });

  return router;
}
