import { useEffect, useEffectEvent } from 'react';

/** Marks the history entry the workout adds, so its own entry is told from the page's. */
const MARKER = 'hitActiveWorkout';

const entryOf = (state: unknown) =>
  typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[MARKER] : undefined;

/**
 * The browser's (or Android's) Back while a workout is open does not leave it (docs/product-rules.md, "Rest timer"):
 * the workout adds a history entry for the same page, and Back coming off it puts it back and calls `onBack`, where
 * the screen asks. The entry goes when the workout closes. The router's own state is copied into the entry, so it sees
 * the same page.
 */
export function useBackStaysInWorkout(active: boolean, onBack: () => void): void {
  const back = useEffectEvent(onBack);

  useEffect(() => {
    if (!active) return;
    // This opening's own mark: an entry left by an earlier opening (before a reload) is the page's, not ours.
    const mark = `${Date.now()}-${Math.random()}`;
    const addEntry = () => window.history.pushState({ ...(window.history.state ?? {}), [MARKER]: mark }, '');
    addEntry();
    const onPopState = (event: PopStateEvent) => {
      if (entryOf(event.state) === mark) return;
      addEntry();
      back();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      if (entryOf(window.history.state) === mark) window.history.back();
    };
  }, [active]);
}
