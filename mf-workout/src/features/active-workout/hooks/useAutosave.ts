import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Exercise } from '@hit/contracts';
import { isAccessDenied } from '@hit/platform';
import { createAutosave, type Autosave, type AutosaveStatus, type SaveReason } from '../logic/autosave';
import { browserStorage, clearBackup, writeBackup } from '../logic/pendingBackup';

interface UseAutosaveOptions {
  /** The state the api already has: what the workout opened with. */
  savedExercises: readonly Exercise[];
  save: (exercises: Exercise[], reason: SaveReason) => Promise<unknown>;
  onAccessDenied: () => void;
  /** Where the unconfirmed state is copied in this browser until the api has it. */
  backupKey: string;
}

/**
 * The workout's autosave (logic/autosave) wired to the browser: retried at once when the connection comes back
 * or the page is shown again, copied to localStorage while unconfirmed, and the page asks before it is left
 * with a set not saved yet.
 */
export function useAutosave({ savedExercises, save, onAccessDenied, backupKey }: UseAutosaveOptions): {
  autosave: Autosave;
  status: AutosaveStatus;
} {
  const saveRef = useRef(save);
  const deniedRef = useRef(onAccessDenied);
  useEffect(() => {
    saveRef.current = save;
    deniedRef.current = onAccessDenied;
  });

  // eslint-disable-next-line react-hooks/refs -- createAutosave only keeps these callbacks; the refs are read when a save runs, after render
  const [autosave] = useState(() =>
    createAutosave({
      savedExercises,
      save: (exercises, reason) => saveRef.current(exercises, reason),
      isAccessDenied,
      onAccessDenied: () => deniedRef.current(),
      onError: (error) => console.warn('Saving the workout failed; retrying:', error),
    }),
  );
  const status = useSyncExternalStore(autosave.subscribe, autosave.getStatus, autosave.getStatus);

  useEffect(() => {
    autosave.start();
    const retry = () => autosave.retryNow();
    const retryWhenShown = () => {
      if (document.visibilityState === 'visible') autosave.retryNow();
    };
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', retryWhenShown);
    return () => {
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', retryWhenShown);
      autosave.stop();
    };
  }, [autosave]);

  const unsaved = status.latestVersion > status.savedVersion && !status.accessDenied;
  useEffect(() => {
    const storage = browserStorage();
    const pending = autosave.unsavedExercises();
    if (pending && !status.accessDenied) writeBackup(storage, backupKey, pending, Date.now());
    else clearBackup(storage, backupKey);
  }, [autosave, backupKey, status]);

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
