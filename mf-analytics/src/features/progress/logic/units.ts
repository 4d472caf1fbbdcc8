import {
  convertWeight as sharedConvertWeight,
  estimatedOneRepMax as sharedEstimatedOneRepMax,
  isWorkingSet as sharedIsWorkingSet,
} from '@hit/contracts/rules';

/** Either every exercise or one exercise id, as chosen in the exercise selector. */
export type ExerciseFilter = 'all' | number;

/**
 * Five chart colours (Tailwind 400 shades): light enough for contrast on the dark
 * #0f1217 background, and far apart in hue so neighbouring lines stay distinguishable.
 */
export const CHART_PALETTE: readonly string[] = Object.freeze([
  '#60a5fa', // blue
  '#34d399', // green
  '#fbbf24', // amber
  '#f472b6', // pink
  '#a78bfa', // violet
]);

export function matchesFilter(filter: ExerciseFilter, exerciseId: number): boolean {
  return filter === 'all' || filter === exerciseId;
}

// One definition for the analytics, the records and the api (docs/product-rules.md, "Weight conversions"), bound
// here once: a re-export would add a second module lookup to every call in the 30k-entry derivations.
export const convertWeight = sharedConvertWeight;
export const isWorkingSet = sharedIsWorkingSet;
/** Epley's estimate (docs/product-rules.md, "Personal records"), bound here for the same reason. */
export const estimatedOneRepMax = sharedEstimatedOneRepMax;

// Read once: global lookups are slow in sandboxed contexts (jest's vm) and round1 runs per chart point.
const { round } = Math;

/** Everything shown to the user is rounded to one decimal. */
export function round1(value: number): number {
  return round(value * 10) / 10;
}

/** '+2.5', '-1.0', '0.0': an explicit sign except for zero (also for values that round to zero, so never '-0.0'). */
export function formatSigned(value: number): string {
  if (!Number.isFinite(value)) return '0.0';
  const rounded = round1(value);
  if (rounded === 0) return '0.0';
  return rounded > 0 ? `+${rounded.toFixed(1)}` : rounded.toFixed(1);
}

/**
 * Deterministic colour per exercise (docs/product-rules.md, "Charts and summary"). The "hash" is the id modulo the
 * palette size: ids are small sequential integers, so this keeps up to five neighbouring exercises apart, which a
 * scrambling hash would not guarantee. Negative or fractional ids still land in range.
 */
export function exerciseColor(exerciseId: number): string {
  const n = CHART_PALETTE.length;
  const index = ((Math.trunc(exerciseId) % n) + n) % n;
  return CHART_PALETTE[Number.isFinite(index) ? index : 0];
}
