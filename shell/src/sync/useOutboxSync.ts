import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { SubscriptionStatus, WorkoutDay } from '@hit/contracts';
import {
  LEGACY_BACKUP_PREFIX,
  migrateLegacyBackup,
  queryKeys,
  rememberLifterUnit,
  type ServerState,
  setSendingUser,
  storeReadsNow,
  useOffline,
  useOutbox,
  useOutboxStatus,
} from '@hit/platform';

const SERVER_STATE_KEYS: readonly QueryKey[] = [queryKeys.workoutDays, queryKeys.workoutState, queryKeys.openSession];

/**
 * Whether a sync answer may have changed the 'Last time' hints: they are each exercise's performance before the day's
 * current one (GET /api/progress/last-workout), so the sets of a workout still open never change them; a workout
 * ended (no open session now) or a day completed in the batch (its lastCompleted moved: an offline backlog) may.
 * Skipping them during a workout spares the api one request per exercise of the day after every set.
 */
export function hintsMayHaveChanged(before: readonly WorkoutDay[] | undefined, state: ServerState): boolean {
  if (!state.openSession || !before) return true;
  const completedBefore = new Map(before.map((day) => [day.id, day.lastCompleted]));
  return state.workoutDays.some((day) => completedBefore.get(day.id) !== day.lastCompleted);
}

/**
 * Whether a sync answer may have changed the records and the goals: both are built from the working sets (the goals
 * from the goals too, which change through their own screens, and those refresh them), so only when the answer's
 * version of the working sets is not the previous answer's. A warm-up never moves it: during a workout, only the
 * working sets' syncs (4 of Day 1's 12 sets) ask the two again. An answer without a version (an older api) may have.
 */
export function recordsMayHaveChanged(previousVersion: number | undefined, state: ServerState): boolean {
  return state.workingSetsVersion === undefined || state.workingSetsVersion !== previousVersion;
}

/**
 * Sends the signed-in user's outbox (issue #18) when there is a chance the api answers: at start, when the browser
 * says it is online again or a request to the api gets through, when the tab comes back to the front, and after an
 * upgrade lets waiting sets through
 * (the outbox itself retries with back-off after a failure; navigator.onLine alone is never trusted). Each answer's
 * server state replaces the reads the screens show, and a backup left in localStorage by the previous version is
 * moved into the outbox once.
 */
export function useOutboxSync(): void {
  const outbox = useOutbox();
  const status = useOutboxStatus();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!outbox) return;
    setSendingUser(outbox.userId);
    // The version of the working sets in the previous answer of this user's outbox (none yet: the first asks).
    let workingSetsVersion: number | undefined;
    const stopListening = outbox.onServerState(async (state) => {
      const { workoutDays, workoutState, openSession } = state;
      // A read sent before the batch was applied must not land after its answer and bring the old state back.
      await Promise.all(SERVER_STATE_KEYS.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      const hintsStale = hintsMayHaveChanged(queryClient.getQueryData<WorkoutDay[]>(queryKeys.workoutDays), state);
      const recordsStale = recordsMayHaveChanged(workingSetsVersion, state);
      workingSetsVersion = state.workingSetsVersion;
      queryClient.setQueryData(queryKeys.workoutDays, workoutDays);
      queryClient.setQueryData(queryKeys.workoutState, workoutState);
      queryClient.setQueryData(queryKeys.openSession, openSession);
      // The unit the synced sets left remembered: this device's next exercise opens in it (docs/product-rules.md).
      if (state.weightUnit) rememberLifterUnit(queryClient, state.weightUnit);
      // The synced sets are progress now: the charts are asked for again, and the 'Last time' hints when they may
      // have changed.
      void queryClient.invalidateQueries({ queryKey: queryKeys.progress });
      if (hintsStale) void queryClient.invalidateQueries({ queryKey: queryKeys.lastWorkouts });
      // And, after a working set, may be new records or achieve goals (issue #19).
      if (recordsStale) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.records });
        void queryClient.invalidateQueries({ queryKey: queryKeys.goals });
      }
      // Stored before the outbox lets the batch's operations go (it waits for this): closed in between, the tab
      // would open next time with the state from before them and nothing to play over it.
      await storeReadsNow();
    });
    const send = () => void outbox.flush();
    const sendWhenShown = () => {
      if (document.visibilityState === 'visible') send();
    };
    send();
    window.addEventListener('online', send);
    window.addEventListener('focus', send);
    document.addEventListener('visibilitychange', sendWhenShown);
    return () => {
      stopListening();
      // Signed out, or another user now: this user's outbox sends nothing more from this page.
      setSendingUser(null);
      window.removeEventListener('online', send);
      window.removeEventListener('focus', send);
      document.removeEventListener('visibilitychange', sendWhenShown);
    };
  }, [outbox, queryClient]);

  // The api answers again (a request got through, or the 30 s reconnect probe did): send at once, not at the next
  // back-off retry.
  const offline = useOffline();
  useEffect(() => {
    if (outbox && !offline) void outbox.flush();
  }, [outbox, offline]);

  // After an upgrade the operations that waited for access go out at once (the status is only watched meanwhile).
  const waiting = status?.lastOutcome === 'waiting';
  const { data: subscription } = useQuery<SubscriptionStatus>({
    queryKey: queryKeys.subscriptionStatus,
    enabled: waiting,
  });
  const canAccess = subscription?.canAccessFeatures ?? false;
  useEffect(() => {
    if (outbox && waiting && canAccess) void outbox.flush();
  }, [outbox, waiting, canAccess]);

  // The previous version's localStorage backup: moved into the outbox once the days it names are known.
  const [hasLegacy] = useState(hasLegacyBackup);
  const { data: days } = useQuery<WorkoutDay[]>({ queryKey: queryKeys.workoutDays, enabled: hasLegacy });
  const migrated = useRef<string | null>(null);
  const migrate = useEffectEvent((knownDays: WorkoutDay[]) => {
    if (!outbox || migrated.current === outbox.userId) return;
    migrated.current = outbox.userId;
    migrateLegacyBackup(outbox, knownDays).catch((error: unknown) =>
      console.warn('Moving the unsaved workout of the previous version failed:', error),
    );
  });
  useEffect(() => {
    if (days) migrate(days);
  }, [days, outbox]);
}

/** Whether the previous version left an unsaved workout in this browser's localStorage. */
function hasLegacyBackup(): boolean {
  try {
    return Object.keys(window.localStorage).some((key) => key.startsWith(LEGACY_BACKUP_PREFIX));
  } catch {
    return false;
  }
}
