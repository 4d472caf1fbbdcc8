// The app's one update controller (updates.ts) on the real service worker, and the hooks the prompt reads.
import { useSyncExternalStore } from 'react';
import { fetchRemoteMap, isWorkoutActive } from '@hit/platform';
import { runningMapCameWithPage, runningRemoteMap } from '../remotes/remoteLoader';
import { registerServiceWorker } from './registerServiceWorker';
import { createUpdateController, type UpdateController } from './updates';

/** A page left open (a tablet on the gym's wall) still looks for a release now and then. */
const CHECK_INTERVAL_MS = 30 * 60 * 1000;

let controller: UpdateController | undefined;
const listeners = new Set<() => void>();

/** Registers the service worker and starts watching for new releases (production builds only). */
export async function startServiceWorker(): Promise<void> {
  const registration = await registerServiceWorker();
  if (!registration) return;
  const started = createUpdateController({
    registration,
    container: navigator.serviceWorker,
    runningRemotes: runningRemoteMap,
    runningRemotesCameWithPage: runningMapCameWithPage,
    latestRemotes: async () => (await fetchRemoteMap()).remotes,
    workoutActive: isWorkoutActive,
    reload: () => window.location.reload(),
  });
  controller = started;
  started.subscribe(() => listeners.forEach((listener) => listener()));
  listeners.forEach((listener) => listener());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void started.check();
  });
  setInterval(() => {
    if (document.visibilityState === 'visible') void started.check();
  }, CHECK_INTERVAL_MS);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const getSnapshot = () => controller?.isAvailable() ?? false;

/** Whether a new version is ready to switch to. */
export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** The lifter accepted the new version. */
export function applyUpdate(): void {
  controller?.apply();
}

/** An in-app navigation happened. */
export function navigated(): void {
  controller?.navigated();
}
