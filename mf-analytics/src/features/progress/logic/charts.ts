import type { ProgressEntry, WeightUnit } from '@hit/contracts';
import { MONTHS } from './dates';
import { prepare, type Prepared, type PreparedEntry } from './sessions';
import { convertWeight, estimatedOneRepMax, matchesFilter, round1, type ExerciseFilter } from './units';

export interface ChartPoint {
  /** 1-based number of the session among all working sessions, so a workout keeps its number whatever the filter. */
  session: number;
  /** Short, e.g. 'Nov 22'. */
  dateLabel: string;
  /** e.g. 'Nov 22, 2026'. */
  fullDate: string;
  timestamp: number;
  /** In the selected unit, one decimal. */
  weight: number;
  reps: number;
  exerciseId: number;
  exerciseName: string;
  originalWeight: number;
  originalUnit: WeightUnit;
}

export interface CycleRow {
  cycle: number;
  label: string;
  /** Heaviest weight per exercise id in this cycle, in the selected unit, one decimal. */
  weights: Record<number, number>;
  /** Best estimated one-rep max per exercise id in this cycle (Epley, `estimatedOneRepMax`), selected unit, one decimal. */
  estimates: Record<number, number>;
  names: Record<number, string>;
}

export interface ExerciseOption {
  id: number;
  name: string;
}

// Built-ins used per entry are read once here: global lookups are slow in sandboxed contexts (jest's vm)
// and cost nothing to hoist elsewhere.
const { floor } = Math;

interface DateLabels {
  dateLabel: string;
  fullDate: string;
}

/**
 * Labels in local time, hand-rolled and cached: Intl or a Date per point is too slow for 30,000 points
 * within the 50 ms budget. The cache is keyed by 15-minute slot, because every time-zone offset and DST
 * switch falls on a quarter hour, so all instants of a slot share one local date.
 */
function dateLabeler(): (time: number) => DateLabels {
  const cache = new Map<number, DateLabels>();
  return (time) => {
    const slot = floor(time / 900_000);
    let labels = cache.get(slot);
    if (!labels) {
      const d = new Date(time);
      const dateLabel = `${MONTHS[d.getMonth()]} ${d.getDate()}`;
      labels = { dateLabel, fullDate: `${dateLabel}, ${d.getFullYear()}` };
      cache.set(slot, labels);
    }
    return labels;
  };
}

export function chartPointsFrom(prepared: Prepared, unit: WeightUnit, filter: ExerciseFilter): ChartPoint[] {
  const points: ChartPoint[] = [];
  const labelsOf = dateLabeler();
  for (const { entry, time, sessionIndex } of prepared.items) {
    if (!matchesFilter(filter, entry.exerciseId)) continue;
    const { dateLabel, fullDate } = labelsOf(time);
    points.push({
      session: sessionIndex + 1,
      dateLabel,
      fullDate,
      timestamp: time,
      weight: round1(convertWeight(entry.weight, entry.weightUnit, unit)),
      reps: entry.reps,
      exerciseId: entry.exerciseId,
      exerciseName: entry.exerciseName,
      originalWeight: entry.weight,
      originalUnit: entry.weightUnit,
    });
  }
  return points;
}

/** One point per working entry of the chosen exercise(s), oldest first. */
export function chartPoints(entries: ProgressEntry[], unit: WeightUnit, filter: ExerciseFilter): ChartPoint[] {
  return chartPointsFrom(prepare(entries), unit, filter);
}

/**
 * Per cycle and exercise the heaviest entry and the best estimated one-rep max (docs/product-rules.md, "Charts and
 * summary", "Personal records"). Weights are compared after conversion, so 50 kg beats 100 lbs. Cycles without any
 * entry of the chosen exercise(s) get no row.
 */
export function cycleRowsFrom(prepared: Prepared, unit: WeightUnit, filter: ExerciseFilter): CycleRow[] {
  const rows: CycleRow[] = [];
  let row: CycleRow | undefined;
  // Items are in time order and cycles never go down, so rows come out in cycle order.
  for (const item of prepared.items) {
    const { entry } = item;
    if (!matchesFilter(filter, entry.exerciseId)) continue;
    const cycle = prepared.sessions[item.sessionIndex].cycle;
    if (!row || row.cycle !== cycle) {
      row = { cycle, label: `Cycle ${cycle}`, weights: {}, estimates: {}, names: {} };
      rows.push(row);
    }
    const weight = convertWeight(entry.weight, entry.weightUnit, unit);
    const best = row.weights[entry.exerciseId];
    if (best === undefined || weight > best) {
      row.weights[entry.exerciseId] = weight;
      row.names[entry.exerciseId] = entry.exerciseName;
    }
    // As the records count them: a set without reps has no estimate.
    if (entry.reps > 0) {
      const estimate = estimatedOneRepMax(weight, entry.reps);
      const bestEstimate = row.estimates[entry.exerciseId];
      if (bestEstimate === undefined || estimate > bestEstimate) row.estimates[entry.exerciseId] = estimate;
    }
  }
  // Round only at the end so comparisons use full precision.
  for (const r of rows) {
    for (const id of Object.keys(r.weights)) r.weights[Number(id)] = round1(r.weights[Number(id)]);
    for (const id of Object.keys(r.estimates)) r.estimates[Number(id)] = round1(r.estimates[Number(id)]);
  }
  return rows;
}

export function cycleRows(entries: ProgressEntry[], unit: WeightUnit, filter: ExerciseFilter): CycleRow[] {
  return cycleRowsFrom(prepare(entries), unit, filter);
}

/** Distinct exercises with working sets, by id; the name is the latest one seen, in case an exercise was renamed. */
export function exerciseOptionsFrom(items: readonly PreparedEntry[]): ExerciseOption[] {
  const names = new Map<number, string>();
  for (const { entry } of items) names.set(entry.exerciseId, entry.exerciseName);
  return [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.id - b.id);
}

export function exerciseOptions(entries: ProgressEntry[]): ExerciseOption[] {
  return exerciseOptionsFrom(prepare(entries).items);
}
