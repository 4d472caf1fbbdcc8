import type { ProgressEntry, WeightUnit } from '@hit/contracts';
import {
  chartPointsFrom,
  cycleRowsFrom,
  exerciseOptionsFrom,
  type ChartPoint,
  type CycleRow,
  type ExerciseOption,
} from './charts';
import { recommendationsFrom, type Recommendation } from './recommendations';
import { recordsFrom, type ExerciseRecord } from './records';
import { prepare, type ProgressSession } from './sessions';
import { summarizeFrom, type Summary } from './summary';
import type { ExerciseFilter } from './units';

export interface Analytics {
  /** All working sessions (unfiltered: cycles depend on the whole day sequence). */
  sessions: ProgressSession[];
  points: ChartPoint[];
  rows: CycleRow[];
  recommendations: Recommendation[];
  summary: Summary;
  /** Personal records of the chosen exercise(s). */
  records: ExerciseRecord[];
  /** Unfiltered, for the exercise selector. */
  exercises: ExerciseOption[];
}

/** Everything the screen needs; parsing, sorting and grouping happen once and are shared. */
export function deriveAnalytics(entries: ProgressEntry[], unit: WeightUnit, filter: ExerciseFilter): Analytics {
  const prepared = prepare(entries);
  const exercises = exerciseOptionsFrom(prepared.items);
  return {
    sessions: prepared.sessions,
    points: chartPointsFrom(prepared, unit, filter),
    rows: cycleRowsFrom(prepared, unit, filter),
    recommendations: recommendationsFrom(prepared, unit, filter),
    summary: summarizeFrom(prepared, unit, filter),
    records: recordsFrom(prepared, unit, filter, exercises),
    exercises,
  };
}
