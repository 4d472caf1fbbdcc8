import { Router } from 'express';
import { weightUnitBodySchema, type User } from '@hit/contracts';
import { currentUser, requireUser, toPublicUser } from '../auth/currentUser';
import { parseOr400 } from '../http/validate';
import type { WeightUnitService } from '../services/weightUnit';

/** PUT /api/user/weight-unit: the Progress Analytics toggle's choice, remembered for every device of the lifter. */
export function userRouter({ weightUnits }: { weightUnits: WeightUnitService }): Router {
  const router = Router();

  // The lifter's own setting, like the plates: not premium, so it stays editable after the trial.
  router.put('/user/weight-unit', requireUser, async (req, res) => {
    const { weightUnit } = parseOr400(weightUnitBodySchema, req.body, 'Weight unit');
    const user = currentUser(req);
    await weightUnits.choose(user, weightUnit);
    res.json(toPublicUser(user) satisfies User);
  });

  return router;
}
