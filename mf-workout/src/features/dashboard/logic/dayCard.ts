import type { WorkoutDay, WorkoutState } from '@hit/contracts';
import { formatDateWithWeekday } from '@hit/contracts/rules';
import { hoursText, type RestPeriod } from './restPeriod';
import { isNextDay } from './rotation';

export const COMPLETE_NEXT_DAY_FIRST = 'Complete next day first';

export type DayStatus =
  | { kind: 'completed'; text: 'Completed' }
  | { kind: 'resting'; text: string }
  | { kind: 'ready'; text: 'Ready to start' }
  | { kind: 'inProgress'; text: 'In progress' };

/** The status of the day whose workout is unfinished: not 'Ready to start' beside its Resume button. */
export const IN_PROGRESS_STATUS: DayStatus = { kind: 'inProgress', text: 'In progress' };

/**
 * A day card's status (docs/product-rules.md, "Screens and routes"). A day completed in this cycle is 'Completed'. The
 * next day is 'Ready to start', or shows the hours of rest still recommended. Other days have no status of their own:
 * they show 'Complete next day first' instead (see showsCompleteNextDayFirst).
 */
export function dayStatus(
  day: Pick<WorkoutDay, 'id' | 'isCompleted'>,
  state: Pick<WorkoutState, 'nextRecommendedDay'>,
  rest: RestPeriod,
): DayStatus | null {
  if (day.isCompleted) return { kind: 'completed', text: 'Completed' };
  if (!isNextDay(day, state)) return null;
  if (rest.inRecommendationPeriod) {
    return { kind: 'resting', text: `${hoursText(rest.hoursRemaining)} of rest recommended` };
  }
  return { kind: 'ready', text: 'Ready to start' };
}

/** Every day that is not the next one says 'Complete next day first' (docs/product-rules.md, "Screens and routes"). */
export function showsCompleteNextDayFirst(
  day: Pick<WorkoutDay, 'id'>,
  state: Pick<WorkoutState, 'nextRecommendedDay'>,
): boolean {
  return !isNextDay(day, state);
}

export interface SetProgress {
  done: number;
  total: number;
}

/**
 * The card's completed count, in sets: those logged in the day's current performance. A day completed in this
 * cycle counts every set (finishing a workout needs them all; the api clears them for next time).
 */
export function setProgress(day: Pick<WorkoutDay, 'exercises' | 'isCompleted'>): SetProgress {
  let done = 0;
  let total = 0;
  for (const exercise of day.exercises) {
    for (const set of exercise.sets) {
      total += 1;
      if (set.completed) done += 1;
    }
  }
  return { done: day.isCompleted ? total : done, total };
}

/** 'Chest & Back', 'Legs, Glutes & Abs' */
export function muscleGroupsText(day: Pick<WorkoutDay, 'muscleGroups'>): string {
  const groups = day.muscleGroups;
  if (groups.length <= 2) return groups.join(' & ');
  return `${groups.slice(0, -1).join(', ')} & ${groups[groups.length - 1]}`;
}

/** The last-completed date as people read it, e.g. 'Mon, Nov 23, 2026' (the device's time zone). */
export function lastCompletedText(lastCompleted: string): string {
  return formatDateWithWeekday(lastCompleted);
}
