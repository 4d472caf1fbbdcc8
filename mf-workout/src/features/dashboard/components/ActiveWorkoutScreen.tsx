import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Spinner } from '@hit/ui';
import type { ActiveWorkoutProps } from '../../active-workout';

/**
 * The active workout (set logging, the rest timer, the coaching tips: half of the dashboard's code) in a chunk of its
 * own, which /home's first paint does not wait for (issue #21, Lighthouse LCP): the dashboard asks for it at the
 * lifter's first touch (usePreloadActiveWorkout), so it is usually in by the time Start is pressed. The service worker
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
 * Asks for the active workout's chunk at the lifter's first touch, click or key on the page: the step before pressing
 * Start, so it is usually in when the press lands, and a visit that only looks at the dashboard spends none of its main
 * thread on a screen it may never open. A visit after the service worker installed gets it from its cache.
 */
export function usePreloadActiveWorkout(): void {
  useEffect(() => {
    if (loaded) return;
    const options = { capture: true, once: true } as const;
    const preload = () => {
      stop();
      // A failure here is not final: the screen asks again when it is opened.
      load().catch(() => undefined);
    };
    const stop = () => {
      window.removeEventListener('pointerdown', preload, options);
      window.removeEventListener('keydown', preload, options);
    };
    window.addEventListener('pointerdown', preload, options);
    window.addEventListener('keydown', preload, options);
    return stop;
  }, []);
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
