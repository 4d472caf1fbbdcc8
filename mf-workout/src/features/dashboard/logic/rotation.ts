import type { WorkoutDay, WorkoutState } from '@hit/contracts';
import { isRecommendedDay, templateDayNumber } from '@hit/contracts/rules';

// The dashboard's components read the rotation from here; the rule itself is the api's, in @hit/contracts/rules.
export { templateDayNumber };

/** The cycle shown is cycleCount + 1: the first cycle is Cycle 1 (docs/product-rules.md, "Rotation and cycles"). */
export function cycleNumber(cycleCount: number): number {
  return cycleCount + 1;
}

/** The recommended day: the only one that may be started (the api answers 409 for any other). */
export function isNextDay(day: Pick<WorkoutDay, 'id'>, state: Pick<WorkoutState, 'nextRecommendedDay'>): boolean {
  return isRecommendedDay(day.id, state);
}

/** The day to start next: the recommended one, else the day with the same template number. */
export function findNextDay<Day extends Pick<WorkoutDay, 'id'>>(
  days: readonly Day[],
  state: WorkoutState,
): Day | undefined {
  return (
    days.find((day) => isNextDay(day, state)) ??
    days.find((day) => templateDayNumber(day.id) === templateDayNumber(state.nextRecommendedDay))
  );
}
