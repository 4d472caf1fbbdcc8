import type { ProgressEntry, WeightUnit } from '@hit/contracts';
import { prepare, type Prepared } from './sessions';
import { convertWeight, matchesFilter, round1, type ExerciseFilter } from './units';

export interface Summary {
  totalWorkingSets: number;
  /** Selected unit, one decimal; 0 without sets. */
  avgWeight: number;
  /** One decimal; 0 without sets. */
  avgReps: number;
  /** Selected unit, one decimal; null with fewer than 2 working sets in the filter. */
  weightChange: number | null;
}

/** An entry's place in the history, for the weight change. */
interface Mark {
  session: number;
  time: number;
  exerciseId: number;
  weight: number;
}

/**
 * Whether the entry comes before `mark`: by session (sessions are ordered by date, as the spec groups them), then by
 * time, then by exercise id. Sets saved at one instant, or an imported workout whose sets are spaced a second apart
 * past the next workout's start, come in whatever order the server keeps; the day's exercise order (the lower id is
 * done first) makes the tile read the same on every account holding the same history.
 */
function precedes(session: number, time: number, exerciseId: number, mark: Mark): boolean {
  if (session !== mark.session) return session < mark.session;
  if (time !== mark.time) return time < mark.time;
  return exerciseId < mark.exerciseId;
}

/**
 * The summary tiles (docs/product-rules.md, "Charts and summary"). Weight change is the spec's rule over the entries of
 * the current filter: the latest working set minus the earliest, only with at least 2 of them. In 'all' mode those two
 * may be different lifts; the spec asks for exactly that, and it is the same rule the single-exercise view follows.
 * Equal places keep the input order (the later is the newer).
 */
export function summarizeFrom(prepared: Prepared, unit: WeightUnit, filter: ExerciseFilter): Summary {
  let count = 0;
  let weightSum = 0;
  let repsSum = 0;
  let first: Mark = { session: 0, time: 0, exerciseId: 0, weight: 0 };
  let last = first;
  for (const { entry, time, sessionIndex } of prepared.items) {
    if (!matchesFilter(filter, entry.exerciseId)) continue;
    const weight = convertWeight(entry.weight, entry.weightUnit, unit);
    const { exerciseId } = entry;
    if (count === 0 || precedes(sessionIndex, time, exerciseId, first)) {
      first = { session: sessionIndex, time, exerciseId, weight };
    }
    if (count === 0 || !precedes(sessionIndex, time, exerciseId, last)) {
      last = { session: sessionIndex, time, exerciseId, weight };
    }
    count++;
    weightSum += weight;
    repsSum += entry.reps;
  }

  const weightChange = count >= 2 ? last.weight - first.weight : null;
  return {
    totalWorkingSets: count,
    avgWeight: count ? round1(weightSum / count) : 0,
    avgReps: count ? round1(repsSum / count) : 0,
    weightChange: weightChange === null ? null : round1(weightChange),
  };
}

export function summarize(entries: ProgressEntry[], unit: WeightUnit, filter: ExerciseFilter): Summary {
  return summarizeFrom(prepare(entries), unit, filter);
}

/**
 * Per exercise the 2 latest working entries, newest first; for equal times the later in the input is newer
 * (docs/product-rules.md, "Charts and summary").
 */
export function recentComparisonFrom(prepared: Prepared): Map<number, ProgressEntry[]> {
  const recent = new Map<number, ProgressEntry[]>();
  for (let i = prepared.items.length - 1; i >= 0; i--) {
    const { entry } = prepared.items[i];
    const list = recent.get(entry.exerciseId);
    if (!list) recent.set(entry.exerciseId, [entry]);
    else if (list.length < 2) list.push(entry);
  }
  return recent;
}

export function recentComparison(entries: ProgressEntry[]): Map<number, ProgressEntry[]> {
  return recentComparisonFrom(prepare(entries));
}
