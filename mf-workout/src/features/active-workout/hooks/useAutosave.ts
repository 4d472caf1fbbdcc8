import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Exercise } from '@hit/contracts';
import { createAutosave, type Autosave, type AutosaveStatus, type SaveReason } from '../logic/autosave';

interface UseAutosaveOptions {
  /** The state the api already has: what the workout opened with. */
  savedExercises: readonly Exercise[];
  save: (exercises: Exercise[], reason: SaveReason) => Promise<unknown>;
}

/**
 * The workout's autosave (logic/autosave) wired to the browser: each state is stored in the outbox (which sends it
 * to the api), retried at once when the page is shown again if the browser refused to store it, and the page asks
 * before it is left with a set not stored yet.
 */
export function useAutosave({ savedExercises, save }: UseAutosaveOptions): {
  autosave: Autosave;
  status: AutosaveStatus;
} {
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });

  // eslint-disable-next-line react-hooks/refs -- createAutosave only keeps these callbacks; the refs are read when a save runs, after render
  const [autosave] = useState(() =>
    createAutosave({
      savedExercises,
      save: (exercises, reason) => saveRef.current(exercises, reason),
      onError: (error) => console.warn('Storing the workout failed; retrying:', error),
    }),
  );
  const status = useSyncExternalStore(autosave.subscribe, autosave.getStatus, autosave.getStatus);

  useEffect(() => {
    autosave.start();
    const retryWhenShown = () => {
      if (document.visibilityState === 'visible') autosave.retryNow();
    };
    document.addEventListener('visibilitychange', retryWhenShown);
    return () => {
      document.removeEventListener('visibilitychange', retryWhenShown);
      autosave.stop();
    };
  }, [autosave]);

  const unsaved = status.latestVersion > status.savedVersion;

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return { autosave, status };
}
