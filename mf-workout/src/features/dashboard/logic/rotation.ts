import type { WorkoutDay, WorkoutState } from '@hit/contracts';

/** Spec §4: the cycle shown is cycleCount + 1 (the first cycle is Cycle 1). */
export function cycleNumber(cycleCount: number): number {
  return cycleCount + 1;
}

/** Spec §4: the template-day number (1-3) of a day id: its last digit when that is 1, 2 or 3, else 1. */
export function templateDayNumber(dayId: number): 1 | 2 | 3 {
  const lastDigit = Math.abs(Math.trunc(dayId)) % 10;
  return lastDigit === 1 || lastDigit === 2 || lastDigit === 3 ? lastDigit : 1;
}

/** The recommended day: the only one that may be started (the api answers 409 for any other). */
export function isNextDay(day: Pick<WorkoutDay, 'id'>, state: Pick<WorkoutState, 'nextRecommendedDay'>): boolean {
  return day.id === state.nextRecommendedDay;
}

/** The day to start next: the recommended one, else the day with the same template number. */
export function findNextDay<Day extends Pick<WorkoutDay, 'id'>>(days: readonly Day[], state: WorkoutState): Day | undefined {
  return (
    days.find((day) => isNextDay(day, state)) ??
    days.find((day) => templateDayNumber(day.id) === templateDayNumber(state.nextRecommendedDay))
  );
}
