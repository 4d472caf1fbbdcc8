import { afterNextPaint } from '@hit/ui';

/**
 * How long after the dashboard's first paint it asks for what only a workout reads (the 'Last time' hints, the
 * records and the plates): once its first screen has settled, the welcome modal a new lifter gets 500 ms after the
 * user is known included, so none of it competes with that screen (issue #21, Lighthouse LCP).
 */
export const SETTLE_MS = 2000;

/** Runs `action` SETTLE_MS after the next paint (from an effect: the commit's); the returned function cancels it. */
export function afterSettled(action: () => void): () => void {
  return afterNextPaint(action, SETTLE_MS);
}
