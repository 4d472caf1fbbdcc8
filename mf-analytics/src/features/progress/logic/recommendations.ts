import type { ProgressEntry, WeightUnit } from '@hit/contracts';
import { prepare, type Prepared } from './sessions';
import { convertWeight, matchesFilter, round1, type ExerciseFilter } from './units';

export interface Recommendation {
  exerciseId: number;
  exercise: string;
  type: 'increase_weight' | 'decrease_weight' | 'optimal';
  message: string;
  detail: string;
  currentWeight: number;
  currentReps: number;
  icon: 'trending-up' | 'trending-down' | 'check';
  priority: 'high' | 'medium' | 'good';
}

/** Above 10 reps increase, 5 or fewer decrease, 6-10 is the target range (docs/product-rules.md, "Recommendations"). */
const INCREASE_ABOVE_REPS = 10;
const DECREASE_AT_OR_BELOW_REPS = 5;

const PRIORITY_ORDER: Record<Recommendation['priority'], number> = { high: 0, medium: 1, good: 2 };

type Advice = Pick<Recommendation, 'type' | 'message' | 'detail' | 'icon' | 'priority'>;

function advise(reps: number, weight: number, unit: WeightUnit): Advice {
  const last = `${reps} reps at ${weight} ${unit} last workout`;
  if (reps > INCREASE_ABOVE_REPS) {
    return {
      type: 'increase_weight',
      message: 'Increase weight',
      detail: `${last}. Add 5-10 ${unit} to get back into the 6-10 rep range.`,
      icon: 'trending-up',
      priority: 'high',
    };
  }
  if (reps <= DECREASE_AT_OR_BELOW_REPS) {
    return {
      type: 'decrease_weight',
      message: 'Decrease weight',
      detail: `${last}. Reduce by 2.5-5 ${unit} to reach the 6-10 rep range.`,
      icon: 'trending-down',
      priority: 'high',
    };
  }
  return {
    type: 'optimal',
    message: 'Optimal range',
    detail: `${last}. Keep this weight and aim for one more rep.`,
    icon: 'check',
    priority: 'good',
  };
}

/**
 * One recommendation per exercise from its most recent working set, which lies in that exercise's
 * latest session. When that session has several working sets, the last one decides: it is the set
 * done closest to failure, which is what high-intensity training judges.
 */
export function recommendationsFrom(prepared: Prepared, unit: WeightUnit, filter: ExerciseFilter): Recommendation[] {
  const latest = new Map<number, ProgressEntry>();
  for (const { entry } of prepared.items) {
    if (matchesFilter(filter, entry.exerciseId)) latest.set(entry.exerciseId, entry);
  }
  const list: Recommendation[] = [];
  for (const entry of latest.values()) {
    const weight = round1(convertWeight(entry.weight, entry.weightUnit, unit));
    list.push({
      exerciseId: entry.exerciseId,
      exercise: entry.exerciseName,
      currentWeight: weight,
      currentReps: entry.reps,
      ...advise(entry.reps, weight, unit),
    });
  }
  return list.sort((a, b) => PRIORITY_ORDER[a.priority] - PRIORITY_ORDER[b.priority] || a.exerciseId - b.exerciseId);
}

export function recommendations(entries: ProgressEntry[], unit: WeightUnit, filter: ExerciseFilter): Recommendation[] {
  return recommendationsFrom(prepare(entries), unit, filter);
}
