/**
 * What completing a day does to the rotation and the cycle (docs/product-rules.md, "Rotation and cycles"): the api
 * applies it, and a client that completes a workout offline predicts the next day and cycle with the same function.
 */
import { isRecommendedDay, templateDayNumber } from './rotation';

/** The workout state: the cycles completed so far and the day to do next. */
export interface RotationState {
  readonly cycleCount: number;
  readonly nextRecommendedDay: number;
}

/** Every user starts here (Cycle 1, Next: Day 1), and Reset All Progress comes back here. Frozen: writers copy it. */
export const INITIAL_WORKOUT_STATE: RotationState = Object.freeze({ cycleCount: 0, nextRecommendedDay: 1 });

export type RotationResult =
  { ok: true; state: RotationState; startsNewCycle: boolean } | { ok: false; nextRecommendedDay: number };

/**
 * Completing `dayId`: only the recommended day may be completed (anything else would corrupt the rotation).
 * 1 -> 2 -> 3 -> 1, and completing the third day of the template starts a new cycle.
 */
export function completeInRotation(state: RotationState, dayId: number): RotationResult {
  if (!isRecommendedDay(dayId, state)) return { ok: false, nextRecommendedDay: state.nextRecommendedDay };
  const templateDay = templateDayNumber(dayId);
  const startsNewCycle = templateDay === 3;
  return {
    ok: true,
    startsNewCycle,
    state: {
      cycleCount: state.cycleCount + (startsNewCycle ? 1 : 0),
      nextRecommendedDay: startsNewCycle ? 1 : templateDay + 1,
    },
  };
}
