import { Router, type Request } from 'express';
import {
  completeWorkoutDayBodySchema,
  emptyBodySchema,
  saveWorkoutDayBodySchema,
  workoutDayIdParamSchema,
  type CompleteWorkoutDayResponse,
  type ResetProgressResponse,
  type WorkoutDay,
  type WorkoutState,
} from '@hit/contracts';
import { currentUser, requireAccess, requireUser } from '../auth/currentUser';
import { joinedWithSession, type SessionJoin } from '../auth/sessionUser';
import { HttpError } from '../errors';
import { parseOr400 } from '../http/validate';
import { PROGRESS_RESET_MESSAGE, type WorkoutService } from '../services/workouts';
import { newestCompletedSet, type WeightUnitService } from '../services/weightUnit';
import { toWorkoutDay } from './workoutShapes';

/** Starting, saving, completing and resetting workouts is premium (402 once the trial is over). */
const premium = [requireUser, requireAccess];

/**
 * The read of the days' revisions for GET /api/workout-days, made with the signed-in session's (sessionMiddleware's
 * `joinFor`): a read answered from this process's copy is then that one database command.
 */
export function daysReadJoin(workouts: Pick<WorkoutService, 'dayRevisionsJoin'>) {
  return (req: Request): SessionJoin | undefined =>
    req.method === 'GET' && req.baseUrl + req.path === '/api/workout-days' ? workouts.dayRevisionsJoin() : undefined;
}

/**
 * GET /api/workout-days, GET /api/workout-state (open to every signed-in user: the dashboard stays usable),
 * PUT /api/workout-days/:id, POST /api/workout-days/:id/complete, POST /api/workout-days/:id/reset, POST /api/reset.
 */
export function workoutsRouter({
  workouts,
  weightUnits,
}: {
  workouts: WorkoutService;
  weightUnits: WeightUnitService;
}): Router {
  const router = Router();

  router.get('/workout-days', requireUser, async (req, res) => {
    // The rotation as the session's copy carries it (auth/sessionUser.ts); one query: the days, or only their
    // revisions when this process has the answer rendered (services/daysCache.ts), read with the session (daysReadJoin).
    const user = currentUser(req);
    const { body, gzipped, etag } = await workouts.daysAnswer(
      user._id,
      user.rotation,
      (days, state) => JSON.stringify(days.map((day) => toWorkoutDay(day, state)) satisfies WorkoutDay[]),
      joinedWithSession(req),
    );
    // The tag made with the answer: Express would hash the same bytes again on every read. The gzipped bytes made with
    // it too, for a client that accepts them (compression() leaves an encoded body alone).
    res.set({ 'Content-Type': 'application/json; charset=utf-8', ETag: etag }).vary('Accept-Encoding');
    if (gzipped && req.acceptsEncodings('gzip')) res.set('Content-Encoding', 'gzip').send(gzipped);
    else res.send(body);
  });

  router.get('/workout-state', requireUser, async (req, res) => {
    const user = currentUser(req);
    res.json((user.rotation ?? (await workouts.getState(user._id))) satisfies WorkoutState);
  });

  router.put('/workout-days/:id', ...premium, async (req, res) => {
    const dayId = parseOr400(workoutDayIdParamSchema, req.params.id, 'id');
    const body = parseOr400(saveWorkoutDayBodySchema, req.body);
    if (body.id !== undefined && body.id !== dayId)
      throw new HttpError(400, `id: must be the day in the path (${dayId})`);
    const user = currentUser(req);
    const userId = user._id;
    const day = await workouts.saveDay(userId, dayId, body.exercises);
    await weightUnits.remember(user, newestCompletedSet(body.exercises));
    res.json(toWorkoutDay(day, await workouts.getState(userId)) satisfies WorkoutDay);
  });

  router.post('/workout-days/:id/complete', ...premium, async (req, res) => {
    const dayId = parseOr400(workoutDayIdParamSchema, req.params.id, 'id');
    parseOr400(completeWorkoutDayBodySchema, req.body);
    const { day, state } = await workouts.completeDay(currentUser(req)._id, dayId);
    res.json({ workoutDay: toWorkoutDay(day, state), workoutState: state } satisfies CompleteWorkoutDayResponse);
  });

  router.post('/workout-days/:id/reset', ...premium, async (req, res) => {
    const dayId = parseOr400(workoutDayIdParamSchema, req.params.id, 'id');
    parseOr400(emptyBodySchema, req.body);
    const { day, state } = await workouts.resetDay(currentUser(req)._id, dayId);
    res.json(toWorkoutDay(day, state) satisfies WorkoutDay);
  });

  router.post('/reset', ...premium, async (req, res) => {
    parseOr400(emptyBodySchema, req.body);
    await workouts.resetAll(currentUser(req)._id);
    res.json({ message: PROGRESS_RESET_MESSAGE } satisfies ResetProgressResponse);
  });

  return router;
}
