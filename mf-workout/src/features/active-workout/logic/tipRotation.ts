/**
 * The tips rotate through a stored index, so each new workout shows the next tip
 * (docs/product-rules.md, "Coaching tips").
 */
export const TIP_INDEX_KEY = 'workoutTipIndex';

/** The tip to show now; the stored index moves on to the next one. */
export function takeNextTipIndex(storage: Storage | null, tipCount: number): number {
  let index = 0;
  try {
    const stored = Number.parseInt(storage?.getItem(TIP_INDEX_KEY) ?? '', 10);
    if (Number.isInteger(stored) && stored >= 0) index = stored % tipCount;
    storage?.setItem(TIP_INDEX_KEY, String((index + 1) % tipCount));
  } catch {
    // No storage: always the first tip.
  }
  return index;
}
