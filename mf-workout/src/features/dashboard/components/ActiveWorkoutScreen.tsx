import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Spinner, useAfterFirstPaint } from '@hit/ui';
import type { ActiveWorkoutProps } from '../../active-workout';

/**
 * The active workout (set logging, the rest timer, the coaching tips: half of the dashboard's code) in a chunk of its
 * own, which /home's first paint does not wait for (issue #21, Lighthouse LCP): the dashboard asks for it once its
 * first screen has settled (usePrefetchActiveWorkout), so it is in by the time Start is pressed. The service worker
 * keeps it for offline use with the rest of the remote version (the manifest's async assets,
 * shell/src/service-worker/cachingRules.ts).
 */
const loadActiveWorkout = () => import('../../active-workout');

let loaded: ComponentType<ActiveWorkoutProps> | undefined;
const load = () =>
  loadActiveWorkout().then(({ ActiveWorkout }) => {
    loaded = ActiveWorkout;
    return ActiveWorkout;
  });

/**
 * How long after the dashboard's first paint its chunk is asked for: once the first screen has settled (its first
 * reads, and the welcome modal a new lifter gets 500 ms after the user is known), not in competition with it. Starting
 * a workout sooner than that only waits for the chunk, with a spinner.
 */
export const ACTIVE_WORKOUT_PREFETCH_DELAY_MS = 2000;

/** Asks for the active workout's chunk ACTIVE_WORKOUT_PREFETCH_DELAY_MS after the dashboard's first paint. */
export function usePrefetchActiveWorkout(): void {
  const painted = useAfterFirstPaint();
  useEffect(() => {
    if (!painted || loaded) return;
    // A failure here is not final: the screen asks again when it is opened.
    const timer = setTimeout(() => void load().catch(() => undefined), ACTIVE_WORKOUT_PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [painted]);
}

/**
 * The active workout: at once when its chunk is in (the usual case), else a spinner until it arrives. The choice is
 * made once per opening, so the screen never remounts under the lifter. A chunk that fails to load (offline on a
 * first visit, before the service worker kept it) is the remote's failure, with its retry, which opens a new screen
 * and so asks again (React.lazy keeps a rejection for good).
 */
export function ActiveWorkoutScreen(props: ActiveWorkoutProps) {
  const [Screen] = useState<ComponentType<ActiveWorkoutProps>>(
    () => loaded ?? lazy(() => load().then((component) => ({ default: component }))),
  );
  return (
    <Suspense fallback={<Spinner page label="Opening your workout" />}>
      <Screen {...props} />
    </Suspense>
  );
}
