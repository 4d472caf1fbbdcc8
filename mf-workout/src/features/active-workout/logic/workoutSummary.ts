/**
 * What 'Workout Complete!' says of the workout beside the spec's lines (docs/product-rules.md, "Finishing or leaving a
 * workout"): how long it took, the volume lifted and the new personal records.
 */
import type { Exercise, Records, WeightUnit } from '@hit/contracts';
import { convertWeight } from '@hit/contracts/rules';
import { newRecordOf } from './celebrations';
import { formatSet } from './sets';

export interface WorkoutSummary {
  /** From the start (the session's, or the first set's when earlier) to the last set. */
  durationMs: number;
  /** Weight × reps over every set, in `unit`. */
  volume: number;
  unit: WeightUnit;
  /** Each new record: the exercise and the set, '140 lbs × 8'. */
  records: { exerciseName: string; set: string }[];
}

export function workoutSummary(
  exercises: readonly Exercise[],
  startedAt: string,
  recordsBefore: Records | undefined,
  unit: WeightUnit,
): WorkoutSummary {
  let first = Date.parse(startedAt);
  let last = Number.NEGATIVE_INFINITY;
  let volume = 0;
  const records: WorkoutSummary['records'] = [];
  for (const exercise of exercises) {
    for (const set of exercise.sets) {
      if (!set.completed || set.weight === null || set.reps === null) continue;
      volume += convertWeight(set.weight, set.weightUnit, unit) * set.reps;
      const at = set.completedAt ? Date.parse(set.completedAt) : Number.NaN;
      if (Number.isFinite(at)) {
        first = Number.isFinite(first) ? Math.min(first, at) : at;
        last = Math.max(last, at);
      }
      if (newRecordOf(exercise, set.id, recordsBefore) !== undefined)
        records.push({ exerciseName: exercise.name, set: formatSet(set.weight, set.weightUnit, set.reps) });
    }
  }
  const durationMs = Number.isFinite(first) && Number.isFinite(last) ? Math.max(0, last - first) : 0;
  return { durationMs, volume: Math.round(volume), unit, records };
}

/** '42 min', '1 h 05 min'; under a minute is '1 min'. */
export function formatDuration(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** '5,310' (written from the digits: no Intl, whose first use loads locale data). */
export function formatVolume(volume: number): string {
  return String(Math.round(volume)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
