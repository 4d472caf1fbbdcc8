/**
 * Weights and set types as every part of the product reads them (docs/product-rules.md, "Weight conversions" and
 * "Progress entries and sessions"): the analytics, the records and the api share these, so a record means the same
 * everywhere.
 */
export type Unit = 'lbs' | 'kg';

const LBS_TO_KG = 0.453592;
const KG_TO_LBS = 2.20462;

/** The conversion factors are not exact inverses, so converting back and forth may drift by a hair. */
export function convertWeight(weight: number, from: Unit, to: Unit): number {
  if (from === to) return weight;
  return from === 'lbs' ? weight * LBS_TO_KG : weight * KG_TO_LBS;
}

/** Only 'working' or 'work', in any case, count toward progress and records (the server may send either spelling). */
export function isWorkingSet(setType: string): boolean {
  if (setType === 'working' || setType === 'work') return true; // the common case, without allocating
  if (typeof setType !== 'string') return false;
  const type = setType.trim().toLowerCase();
  return type === 'working' || type === 'work';
}
