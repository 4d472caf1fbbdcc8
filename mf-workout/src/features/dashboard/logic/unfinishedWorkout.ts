import type { Session, WorkoutDay, WorkoutState } from '@hit/contracts';
import { setProgress, type SetProgress } from './dayCard';
import { isNextDay } from './rotation';

/** A workout begun and not finished: what the dashboard offers to resume, on its hero card and on the day's card. */
export interface UnfinishedWorkout extends SetProgress {
  day: WorkoutDay;
  /** The open session to go on with; null when it was ended by Exit (the day keeps its sets, a new session takes them). */
  session: Session | null;
}

/**
 * The one unfinished workout the dashboard shows, whichever way it was left (docs/product-rules.md, "Starting a
 * workout"): an open session (the tab was closed or reloaded mid-way), or else the next day with sets done and not
 * completed (Exit ended its session but kept its sets). So after Exit and after a reload the dashboard says the same
 * thing, and Start never reads as starting over a workout that it would in fact continue.
 */
export function unfinishedWorkout(
  workoutDays: readonly WorkoutDay[],
  workoutState: Pick<WorkoutState, 'nextRecommendedDay'>,
  openSession: Session | null,
): UnfinishedWorkout | null {
  if (openSession) {
    const day = workoutDays.find((candidate) => candidate.id === openSession.dayId);
    if (day)
      return { day, session: openSession, ...setProgress({ exercises: openSession.exercises, isCompleted: false }) };
  }
  const next = workoutDays.find((day) => isNextDay(day, workoutState));
  if (!next || next.isCompleted) return null;
  const progress = setProgress(next);
  return progress.done > 0 ? { day: next, session: null, ...progress } : null;
}
