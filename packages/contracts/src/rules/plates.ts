/**
 * Plate math (issue #19; docs/product-rules.md, "Plate math"): which plates go on each side of the bar (or sled) for
 * a weight, with the fewest plates from what the lifter has; when a weight cannot be loaded exactly, the nearest
 * weights that can. Pure, for the set form and its tests.
 */
import { EXERCISE_IDS } from './program';
import type { Unit } from './weights';

/** One plate size and how many pairs of it the lifter has (a pair: one for each side). */
export interface PlatePairs {
  weight: number;
  pairs: number;
}

export interface BarSetup {
  unit: Unit;
  /** The empty bar or sled. */
  bar: number;
  /** What `bar` weighs: a bar (the default) or the leg press's sled. */
  kind?: 'bar' | 'sled';
  plates: readonly PlatePairs[];
}

/** What a commercial gym has: a 45 lb bar with 45, 35, 25, 10, 5 and 2.5 lb plates; a 20 kg bar in kilograms. */
export const DEFAULT_BAR_SETUPS: Readonly<Record<Unit, BarSetup>> = Object.freeze({
  lbs: {
    unit: 'lbs',
    bar: 45,
    plates: [
      { weight: 45, pairs: 4 },
      { weight: 35, pairs: 1 },
      { weight: 25, pairs: 2 },
      { weight: 10, pairs: 2 },
      { weight: 5, pairs: 2 },
      { weight: 2.5, pairs: 1 },
    ],
  },
  kg: {
    unit: 'kg',
    bar: 20,
    plates: [
      { weight: 25, pairs: 4 },
      { weight: 20, pairs: 1 },
      { weight: 15, pairs: 1 },
      { weight: 10, pairs: 1 },
      { weight: 5, pairs: 1 },
      { weight: 2.5, pairs: 1 },
      { weight: 1.25, pairs: 1 },
    ],
  },
});

/**
 * What the lifter owns, per unit (docs/product-rules.md, "Plate math"): the bar for the barbell lifts, the sled of the
 * leg press (0 by default: most lifters log only the plates on it) and the plate pairs. Stored by the api
 * (`GET`/`PUT /api/settings/plates`); the defaults stand until the lifter edits them.
 */
export interface UnitPlates {
  bar: number;
  sled: number;
  plates: readonly PlatePairs[];
}
export type PlateSettings = Readonly<Record<Unit, UnitPlates>>;

export const DEFAULT_PLATE_SETTINGS: PlateSettings = Object.freeze({
  lbs: { bar: DEFAULT_BAR_SETUPS.lbs.bar, sled: 0, plates: DEFAULT_BAR_SETUPS.lbs.plates },
  kg: { bar: DEFAULT_BAR_SETUPS.kg.bar, sled: 0, plates: DEFAULT_BAR_SETUPS.kg.plates },
});

/** The plate-loaded exercises of the program, and whether each loads a bar or a sled. */
export const PLATE_LOADED_EXERCISES: Readonly<Record<number, 'bar' | 'sled'>> = Object.freeze({
  [EXERCISE_IDS.inclinePress]: 'bar',
  [EXERCISE_IDS.deadlifts]: 'bar',
  [EXERCISE_IDS.legPress]: 'sled',
});

/** The setup to load `exerciseId` in `unit`, or undefined when the exercise is not plate-loaded. */
export function barSetupFor(settings: PlateSettings, exerciseId: number, unit: Unit): BarSetup | undefined {
  const loads = PLATE_LOADED_EXERCISES[exerciseId];
  if (!loads) return undefined;
  const own = settings[unit];
  return { unit, bar: loads === 'bar' ? own.bar : own.sled, kind: loads, plates: own.plates };
}

/** A weight that can be loaded: the total and the plates on each side, heaviest first. */
export interface Loadable {
  total: number;
  perSide: number[];
}

export type PlateLoading =
  | ({ exact: true } & Loadable)
  /** Not exactly loadable: the nearest loadable weights below and above (null: none that side). */
  | { exact: false; below: Loadable | null; above: Loadable | null };

// Plates are counted in twentieths (1.25 kg is 25 steps), so every sum is a whole number.
const STEPS = 20;
const steps = (weight: number) => Math.round(weight * STEPS);

/** Of two lists of plates, heaviest first, the one with the heavier plate at the first difference. */
function heavier(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
}

/** Fewest plates per side for every reachable per-side load (on a tie, the heavier plates: fewer changes). */
function reachable(plates: readonly PlatePairs[]): (number[] | null)[] {
  const single = plates
    .filter((plate) => plate.weight > 0 && plate.pairs > 0)
    .flatMap((plate) => Array<number>(Math.floor(plate.pairs)).fill(plate.weight))
    .sort((a, b) => b - a);
  const max = single.reduce((sum, weight) => sum + steps(weight), 0);
  const best: (number[] | null)[] = Array(max + 1).fill(null);
  best[0] = [];
  for (const weight of single) {
    const w = steps(weight);
    for (let s = max; s >= w; s -= 1) {
      const from = best[s - w];
      if (!from) continue;
      const candidate = [...from, weight];
      const current = best[s];
      if (
        !current ||
        candidate.length < current.length ||
        (candidate.length === current.length && heavier(candidate, current))
      )
        best[s] = candidate;
    }
  }
  return best;
}

/** How to load `target` on the bar of `setup` (both in the setup's unit). */
export function plateLoading(target: number, setup: BarSetup): PlateLoading {
  const best = reachable(setup.plates);
  const loadable = (perSideSteps: number): Loadable => ({
    total: setup.bar + (2 * perSideSteps) / STEPS,
    perSide: best[perSideSteps]!,
  });
  const perSide = (target - setup.bar) / 2;
  const wanted = perSide * STEPS;
  if (Number.isInteger(Math.round(wanted * 1e6) / 1e6) && wanted >= 0 && wanted < best.length && best[wanted]) {
    return { exact: true, ...loadable(wanted) };
  }
  let below: Loadable | null = null;
  for (let s = Math.min(Math.ceil(wanted) - 1, best.length - 1); s >= 0; s -= 1) {
    if (best[s]) {
      below = loadable(s);
      break;
    }
  }
  let above: Loadable | null = null;
  for (let s = Math.max(Math.floor(wanted) + 1, 0); s < best.length; s += 1) {
    if (best[s]) {
      above = loadable(s);
      break;
    }
  }
  return { exact: false, below, above };
}

/** "Per side: 45 + 25 + 2.5", or "Just the bar". */
export function perSideText(perSide: readonly number[]): string {
  return perSide.length === 0 ? 'Just the bar' : `Per side: ${perSide.join(' + ')}`;
}

/**
 * The set form's line for `weight` (docs/product-rules.md, "Plate math"): the plates per side, or that the weight
 * cannot be loaded exactly with the nearest weights that can.
 */
export function plateLine(weight: number, setup: BarSetup): string {
  if (weight < setup.bar) return `Below the ${setup.bar} ${setup.unit} ${setup.kind ?? 'bar'}`;
  const loading = plateLoading(weight, setup);
  if (loading.exact) return perSideText(loading.perSide);
  const near = [loading.below, loading.above].filter((l): l is Loadable => l !== null).map((l) => l.total);
  const nearest = near.length ? `; nearest: ${near.map((total) => `${total} ${setup.unit}`).join(' or ')}` : '';
  return `Cannot load ${weight} ${setup.unit} exactly with your plates${nearest}`;
}
