import { trusted } from 'mongoose';
import type { Exercise, WeightUnit } from '@hit/contracts';
import { userChanged, type SessionUser } from '../auth/sessionUser';
import type { UserModel } from '../models/user';

/** A unit the lifter used, and when: the newest completed set's, or the analytics toggle's. */
export interface UnitChoice {
  unit: WeightUnit;
  at: Date;
}

/** The unit and completion time of the newest completed set among `exercises`, or null when none is completed. */
export function newestCompletedSet(exercises: readonly Pick<Exercise, 'sets'>[]): UnitChoice | null {
  let newest: UnitChoice | null = null;
  for (const exercise of exercises) {
    for (const set of exercise.sets) {
      if (!set.completed || !set.completedAt) continue;
      const at = new Date(set.completedAt);
      if (!newest || at > newest.at) newest = { unit: set.weightUnit, at };
    }
  }
  return newest;
}

/** The later of two choices (either may be missing). */
export function laterChoice(a: UnitChoice | null, b: UnitChoice | null): UnitChoice | null {
  if (!a) return b;
  if (!b) return a;
  return b.at > a.at ? b : a;
}

/**
 * The lifter's remembered unit (docs/product-rules.md, "The lifter's unit"): the user's `weightUnit`, written only
 * when it changes, so a set logged in the usual unit costs no write. A choice older than the stored one (a set
 * logged offline and synced after a newer choice) leaves it alone.
 */
export function createWeightUnitService({ User }: { User: UserModel }) {
  async function remember(user: SessionUser, choice: UnitChoice | null): Promise<void> {
    if (!choice || choice.unit === user.weightUnit) return;
    const { modifiedCount } = await User.updateOne(
      {
        _id: user._id,
        weightUnit: trusted({ $ne: choice.unit }),
        $or: [{ weightUnitAt: null }, { weightUnitAt: trusted({ $lt: choice.at }) }],
      },
      { $set: { weightUnit: choice.unit, weightUnitAt: choice.at } },
    );
    // Every session of the lifter (each device) carries the new unit from its next request on.
    if (modifiedCount > 0) {
      user.weightUnit = choice.unit;
      await userChanged(User.db, user._id);
    }
  }

  /** The unit chosen on the Progress Analytics toggle, now: it wins over every set logged before it. */
  function choose(user: SessionUser, unit: WeightUnit, now = new Date()): Promise<void> {
    return remember(user, { unit, at: now });
  }

  return { remember, choose };
}

export type WeightUnitService = ReturnType<typeof createWeightUnitService>;
