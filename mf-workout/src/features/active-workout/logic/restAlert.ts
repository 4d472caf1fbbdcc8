/**
 * The rest-over alert's schedule as a value of the workout's state (issue #22): a running rest of a workout still going
 * has its push due at its end, naming the set the rest timer names next; anything else (no rest, paused, skipped, run
 * out, undone, Exit, finishing) has none. The screen schedules and cancels from this one value.
 */
import type { WorkoutState } from './workoutReducer';

export interface RestAlertRest {
  /** When the rest ends (ms since the epoch). */
  endsAt: number;
  /** The next set's label as the rest timer shows it ('Warm-up 2', 'Working Set'). */
  set: string;
  exercise: string;
}

export function restAlertFor({ rest, exiting, finish }: WorkoutState): RestAlertRest | null {
  if (!rest || rest.timer.status !== 'running' || exiting || finish) return null;
  return { endsAt: rest.timer.endsAt, set: rest.nextSet.label, exercise: rest.nextSet.exerciseName };
}
