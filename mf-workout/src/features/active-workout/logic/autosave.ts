/**
 * Saves the workout after every set (docs/product-rules.md, "Autosave") so no set is ever lost: one save in flight at a
 * time, each one handing the newest full state to the outbox (a newer set supersedes an older save that has not gone
 * out), and a failed save retried with exponential backoff until it lands. The outbox sends to the api; access (402)
 * is its business.
 */
import type { Exercise, WorkoutSet } from '@hit/contracts';

/** Why a state is saved: after a set, on Exit (the day goes with it), or before completing the workout. */
export type SaveReason = 'autosave' | 'exit' | 'complete';

export interface AutosaveStatus {
  /** Version of the newest state handed in (0: nothing yet). */
  latestVersion: number;
  /** Version of the newest state the api has confirmed. */
  savedVersion: number;
  /** The newest state the api has confirmed (at first, the one it gave). */
  savedExercises: readonly Exercise[];
  /** The last attempt failed and a retry is scheduled. */
  failing: boolean;
}

export interface AutosaveOptions {
  /** The state the api already has: what the workout opened with. */
  savedExercises?: readonly Exercise[];
  save: (exercises: Exercise[], reason: SaveReason) => Promise<unknown>;
  /** A failed attempt (the next one is scheduled): for logging. */
  onError?: (error: unknown) => void;
  /** Wait before retry number `attempt` (0 first). */
  retryDelayMs?: (attempt: number) => number;
}

export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;

/** 1 s, 2 s, 4 s ... at most 30 s between attempts. */
export function backoffDelayMs(attempt: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt);
}

interface Waiter {
  version: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export function createAutosave({ savedExercises = [], save, onError, retryDelayMs = backoffDelayMs }: AutosaveOptions) {
  let status: AutosaveStatus = {
    latestVersion: 0,
    savedVersion: 0,
    savedExercises,
    failing: false,
  };
  let latest: { version: number; exercises: Exercise[]; reason: SaveReason } | null = null;
  let inFlight = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  // Stopped while the screen is gone: no retries run (start() again resumes them).
  let stopped = true;
  let waiters: Waiter[] = [];
  const listeners = new Set<() => void>();

  function update(patch: Partial<AutosaveStatus>) {
    status = { ...status, ...patch };
    for (const listener of listeners) listener();
  }

  function clearRetry() {
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    retryTimer = undefined;
  }

  function settle(error?: unknown) {
    const pending: Waiter[] = [];
    for (const waiter of waiters) {
      if (error !== undefined) waiter.reject(error);
      else if (waiter.version <= status.savedVersion) waiter.resolve();
      else pending.push(waiter);
    }
    waiters = pending;
  }

  async function run(): Promise<void> {
    if (inFlight || stopped || !latest || status.savedVersion >= latest.version) return;
    clearRetry();
    inFlight = true;
    const { version, exercises, reason } = latest;
    try {
      await save(exercises, reason);
    } catch (error) {
      inFlight = false;
      if (stopped) return;
      onError?.(error);
      update({ failing: true });
      // Whoever waits for this save hears of the failure now; the state itself keeps being retried.
      settle(error);
      retryTimer = setTimeout(() => void run(), retryDelayMs(attempt++));
      return;
    }
    inFlight = false;
    attempt = 0;
    // Saves go out one at a time, newest state last, so the one just confirmed is the newest the api has.
    update({ savedVersion: version, savedExercises: exercises, failing: false });
    settle();
    // A newer state may have come in while this one was on its way.
    void run();
  }

  /** Hands in the newest full state; it is saved as soon as no other save is in flight. Returns its version. */
  function saveState(exercises: Exercise[], reason: SaveReason = 'autosave'): number {
    const version = status.latestVersion + 1;
    latest = { version, exercises, reason };
    update({ latestVersion: version });
    void run();
    return version;
  }

  /**
   * Saves this state now and waits for the api: resolves once it is saved, rejects with the error of the first
   * attempt that fails (the state is still retried in the background, unless access was denied).
   */
  function saveAndWait(exercises: Exercise[], reason: SaveReason): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      // Registered first: a save that fails at once must still reach this waiter.
      waiters.push({ version: status.latestVersion + 1, resolve, reject });
      saveState(exercises, reason);
    });
  }

  return {
    getStatus: (): AutosaveStatus => status,

    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    save: saveState,
    saveAndWait,

    /** The newest state not yet stored, if any. */
    unsavedExercises(): Exercise[] | null {
      return latest && status.savedVersion < latest.version ? latest.exercises : null;
    },

    /** Tries a failed save again at once (the connection is back, the phone was unlocked). */
    retryNow(): void {
      if (status.failing && !inFlight) void run();
    },

    /** Lets saves go out (the screen is up); a state handed in before is saved now. */
    start(): void {
      stopped = false;
      void run();
    },

    /** Stops retrying (the screen is gone). A save already on its way still lands. */
    stop(): void {
      stopped = true;
      clearRetry();
    },
  };
}

export type Autosave = ReturnType<typeof createAutosave>;

/** Where a completed set is on its way to the api. */
export type SetSaveState = 'saved' | 'saving' | 'retrying';

function sameRecord(a: WorkoutSet, b: WorkoutSet): boolean {
  return (
    a.completed === b.completed &&
    a.completedAt === b.completedAt &&
    a.weight === b.weight &&
    a.reps === b.reps &&
    a.weightUnit === b.weightUnit
  );
}

/**
 * What a done set's 'Saved' note reads from the status. The versions are left out: handing in a state bumps
 * `latestVersion` in the same tap that shows the set done, and the cards need not render again for it.
 */
export type SaveConfirmations = Pick<AutosaveStatus, 'savedExercises' | 'failing'>;

/** 'Saved' once the api has confirmed a state holding the set as it is now; until then saving, or retrying. */
export function setSaveState(set: WorkoutSet, status: SaveConfirmations): SetSaveState {
  const confirmed = status.savedExercises
    .flatMap((exercise) => exercise.sets)
    .find((candidate) => candidate.id === set.id);
  if (confirmed && sameRecord(confirmed, set)) return 'saved';
  return status.failing ? 'retrying' : 'saving';
}
