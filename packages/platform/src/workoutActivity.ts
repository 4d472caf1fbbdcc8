import { useEffect, useSyncExternalStore } from 'react';

// Whether a workout is in progress on this page: mf-workout's active workout says so, the shell reads it so that an
// update of the app never reloads the page in the middle of a workout. One flag for the app, as @hit/platform is a
// shared singleton.
let active = false;
const listeners = new Set<() => void>();

export function setWorkoutActive(next: boolean): void {
  if (active === next) return;
  active = next;
  for (const listener of listeners) listener();
}

/** For code outside React (the shell's update switch). */
export function isWorkoutActive(): boolean {
  return active;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const getSnapshot = () => active;

/** Whether a workout is in progress, re-rendering when that changes. */
export function useWorkoutActive(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Marks a workout as in progress while the calling component is mounted and `inProgress` is true. */
export function useWorkoutInProgress(inProgress: boolean): void {
  useEffect(() => {
    if (!inProgress) return undefined;
    setWorkoutActive(true);
    return () => setWorkoutActive(false);
  }, [inProgress]);
}
