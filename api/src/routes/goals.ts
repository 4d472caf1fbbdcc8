import { Router } from 'express';
import { Types } from 'mongoose';
import {
  createGoalBodySchema,
  objectIdParamSchema,
  plateSettingsSchema,
  updateGoalBodySchema,
  type Goal,
  type PlateSettingsBody,
} from '@hit/contracts';
import { DEFAULT_PLATE_SETTINGS, type PlateSettings } from '@hit/contracts/rules';
import { currentUser, requireAccess, requireUser } from '../auth/currentUser';
import { sendGzippedJson } from '../http/gzippedJson';
import { parseOr400 } from '../http/validate';
import type { UserModel } from '../models/user';
import type { GoalService } from '../services/goals';

/** Goals and records are premium like the analytics (402 once the trial is over). */
const premium = [requireUser, requireAccess];

/** GET/POST /api/goals, PATCH/DELETE /api/goals/:id, GET /api/records, GET/PUT /api/settings/plates. */
export function goalsRouter({ goals, User }: { goals: GoalService; User: UserModel }): Router {
  const router = Router();
  const goalId = (id: unknown) => new Types.ObjectId(parseOr400(objectIdParamSchema, id, 'id'));

  router.get('/goals', ...premium, async (req, res) => {
    await sendGzippedJson(req, res, await goals.listBody(currentUser(req)._id));
  });

  router.post('/goals', ...premium, async (req, res) => {
    const body = parseOr400(createGoalBodySchema, req.body, 'Goal');
    res.status(201).json((await goals.create(currentUser(req)._id, body)) satisfies Goal);
  });

  router.patch('/goals/:id', ...premium, async (req, res) => {
    const id = goalId(req.params.id);
    const body = parseOr400(updateGoalBodySchema, req.body, 'Goal');
    res.json((await goals.update(currentUser(req)._id, id, body)) satisfies Goal);
  });

  router.delete('/goals/:id', ...premium, async (req, res) => {
    await goals.remove(currentUser(req)._id, goalId(req.params.id));
    res.status(204).end();
  });

  // Records, sent as the cached gzipped JSON (services/goals.ts recordsBody).
  router.get('/records', ...premium, async (req, res) => {
    await sendGzippedJson(req, res, await goals.recordsBody(currentUser(req)._id));
  });

  // Plate settings are the lifter's own, not premium: they stay readable and editable after the trial.
  router.get('/settings/plates', requireUser, async (req, res) => {
    // Not carried with the session (auth/sessionUser.ts): read here.
    const stored = await User.findById(currentUser(req)._id, { plateSettings: 1 }).lean();
    const settings: PlateSettings = stored?.plateSettings ?? DEFAULT_PLATE_SETTINGS;
    res.json(settings);
  });

  router.put('/settings/plates', requireUser, async (req, res) => {
    const settings = parseOr400(plateSettingsSchema, req.body, 'Plate settings');
    await User.updateOne({ _id: currentUser(req)._id }, { $set: { plateSettings: settings } });
    res.json(settings satisfies PlateSettingsBody);
  });

  return router;
}
