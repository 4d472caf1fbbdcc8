import { PROGRESS_CACHE_TTL_MS } from './progressCache';

/**
 * Witnesses kept at most this many sets in all, per cache, counting each history one more (a veteran's records: about
 * four sets an exercise; a new lifter's none).
 */
export const HISTORY_CACHE_MAX_SETS = 50_000;

interface CachedHistory<T> {
  key: string;
  witnesses: T[];
  storedAt: number;
}

const weightOf = (history: CachedHistory<unknown>) => history.witnesses.length + 1;

/**
 * Per user, what the working sets of earlier performances come down to for an answer (its witnesses: the few sets
 * that hold the records, or decide a goal), labelled with the key of that history (historyOfDays, and the goals for
 * theirs). A working set of the workout being done leaves the key, so the answer is built again from the witnesses and
 * the handful of sets of the current performances instead of every working set of the user's years. The key lives in
 * the database, so several api processes never answer each other's stale history; the TTL bounds, as ProgressCache's,
 * how long a write that skipped its bump (a crash between the two) can go unseen.
 */
export class HistoryCache<T> {
  private readonly histories = new Map<string, CachedHistory<T>>();
  private readonly loading = new Map<string, Promise<T[]>>();
  private sets = 0;

  constructor(
    private readonly maxSets = HISTORY_CACHE_MAX_SETS,
    private readonly ttlMs = PROGRESS_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The witnesses of `userId`'s history at `key`, made with `load` when missing or of another key. `key` must be read
   * before `load` runs, as ProgressCache's version.
   */
  async witnesses(userId: string, key: string, load: () => Promise<T[]>): Promise<T[]> {
    const cached = this.histories.get(userId);
    if (cached && cached.key === key && this.now() - cached.storedAt < this.ttlMs) {
      // Least recently used first in the map's order: a hit moves to the end.
      this.histories.delete(userId);
      this.histories.set(userId, cached);
      return cached.witnesses;
    }
    // Concurrent requests for the same history share one load.
    const loadKey = `${userId}@${key}`;
    let pending = this.loading.get(loadKey);
    if (!pending) {
      pending = load();
      this.loading.set(loadKey, pending);
      pending
        .then(
          (witnesses) => this.store(userId, { key, witnesses, storedAt: this.now() }),
          () => undefined,
        )
        .finally(() => this.loading.delete(loadKey));
    }
    return pending;
  }

  private store(userId: string, history: CachedHistory<T>): void {
    // Keys have no order: a slow load of an older history may replace a newer one, which costs its next read a load,
    // never a wrong answer (a history is answered only for its own key).
    this.forget(userId);
    if (weightOf(history) > this.maxSets) return;
    this.histories.set(userId, history);
    this.sets += weightOf(history);
    for (const [oldest, old] of this.histories) {
      if (this.sets <= this.maxSets) break;
      this.histories.delete(oldest);
      this.sets -= weightOf(old);
    }
  }

  forget(userId: string): void {
    const cached = this.histories.get(userId);
    if (!cached) return;
    this.histories.delete(userId);
    this.sets -= weightOf(cached);
  }

  get size(): { entries: number; sets: number } {
    return { entries: this.histories.size, sets: this.sets };
  }
}
