import { Router, type Request } from 'express';
import { Types } from 'mongoose';
import {
  emptyBodySchema,
  objectIdParamSchema,
  saveSessionBodySchema,
  startSessionBodySchema,
  type Session,
} from '@hit/contracts';
import { currentUser, requireAccess, requireUser } from '../auth/currentUser';
import { joinedWithSession, type SessionJoin } from '../auth/sessionUser';
import { parseOr400 } from '../http/validate';
import type { SessionService } from '../services/sessions';
import { newestCompletedSet, type WeightUnitService } from '../services/weightUnit';
import { toSession } from './workoutShapes';

/** Sessions record workouts: premium (402 once the trial is over). */
const premium = [requireUser, requireAccess];

const AUTOSAVE_PATH = /^\/api\/sessions\/([0-9a-fA-F]{24})$/;

/**
 * The autosave's read of its workout session, made with the signed-in session's (sessionMiddleware's `joinFor`): an
 * autosave is then two database commands, that read and its writes.
 */
export function autosaveJoin(sessions: Pick<SessionService, 'sessionToSaveJoin'>) {
  return (req: Request): SessionJoin | undefined => {
    if (req.method !== 'PUT') return undefined;
    const id = AUTOSAVE_PATH.exec(req.baseUrl + req.path)?.[1];
    return id ? sessions.sessionToSaveJoin(new Types.ObjectId(id)) : undefined;
  };
}

/** POST /api/sessions/start, GET /api/sessions/open, PUT /api/sessions/:id, POST /api/sessions/:id/end. */
export function sessionsRouter({
  sessions,
  weightUnits,
}: {
  sessions: SessionService;
  weightUnits: WeightUnitService;
}): Router {
  const router = Router();

  // 201 for a new session, 200 when the open one of that day is answered again (a reloaded page resumes).
  router.post('/sessions/start', ...premium, async (req, res) => {
    const { dayId } = parseOr400(startSessionBodySchema, req.body);
    const { session, resumed } = await sessions.startSession(currentUser(req)._id, dayId);
    res.status(resumed ? 200 : 201).json(toSession(session) satisfies Session);
  });

  // An unfinished workout is offered for resume after a reload (docs/product-rules.md, "Starting a workout"), and the
  // client needs this to find it. No open session is the usual state, not an error: 200 with null.
  router.get('/sessions/open', ...premium, async (req, res) => {
    const session = await sessions.openSession(currentUser(req)._id);
    res.json(session ? (toSession(session) satisfies Session) : null);
  });

  router.put('/sessions/:id', ...premium, async (req, res) => {
    const sessionId = parseOr400(objectIdParamSchema, req.params.id, 'id');
    const body = parseOr400(saveSessionBodySchema, req.body);
    const user = currentUser(req);
    const saved = await sessions.saveSession(user._id, sessionId, body, joinedWithSession(req));
    await weightUnits.remember(user, newestCompletedSet(body.exercises));
    res.json(toSession(saved) satisfies Session);
  });

  router.post('/sessions/:id/end', ...premium, async (req, res) => {
    const sessionId = parseOr400(objectIdParamSchema, req.params.id, 'id');
    parseOr400(emptyBodySchema, req.body);
    res.json(toSession(await sessions.endSession(currentUser(req)._id, sessionId)) satisfies Session);
  });

  return router;
}
