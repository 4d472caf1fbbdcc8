import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Types } from 'mongoose';
import type { WorkoutState } from '@hit/contracts';

/** Rendered bodies of GET /api/workout-days kept at most this long, and at most this many bytes in all. */
export const DAYS_CACHE_TTL_MS = 10 * 60 * 1000;
export const DAYS_CACHE_MAX_BYTES = 8 * 1024 * 1024;

/** What names a day document's content: its `_id` and its revision (models/workoutDay.ts, `revised`). */
export interface DayRevision {
  _id: Types.ObjectId;
  rev?: number;
}

/**
 * The label of an answer: the rotation it was rendered with (which day may be performed) and each day document's
 * `_id` and revision. Every update of a day moves its revision in the same atomic write, a re-created day has a new
 * `_id`, and a removed one leaves the list: a label equal to the one read now means the same answer.
 */
export function daysLabel(days: readonly DayRevision[], state: WorkoutState): string {
  const named = days.map((day) => `${day._id.toHexString()}.${day.rev ?? 0}`).sort();
  return `${state.cycleCount}/${state.nextRecommendedDay}:${named.join(',')}`;
}

/**
 * Bodies from this size on are also kept gzipped: compression() would otherwise gzip them again on every read of a
 * browser (which always accepts gzip), about half of such a read's CPU. Below it, compression() sends them as they
 * are (its own threshold, 1 KB).
 */
export const DAYS_GZIP_MIN_BYTES = 1024;

/** A rendered answer: the JSON body's bytes, gzipped when large enough, and its entity tag, made once for all reads. */
export interface DaysAnswer {
  body: Buffer;
  gzipped: Buffer | null;
  etag: string;
}

/**
 * The answer of a JSON body (a weak tag, as Express makes one: the body's length and SHA-1; weak, it names both
 * encodings of the same content).
 */
export function daysAnswer(json: string): DaysAnswer {
  const body = Buffer.from(json);
  const hash = createHash('sha1').update(body).digest('base64').slice(0, 27);
  const gzipped = body.length >= DAYS_GZIP_MIN_BYTES ? gzipSync(body) : null;
  return { body, gzipped, etag: `W/"${body.length.toString(16)}-${hash}"` };
}

/** The bytes an answer holds in memory. */
const bytesOf = (answer: DaysAnswer) => answer.body.length + (answer.gzipped?.length ?? 0);

interface CachedDays {
  label: string;
  answer: DaysAnswer;
  storedAt: number;
}

/**
 * The JSON body of GET /api/workout-days per user, as this api process last rendered it, labelled by `daysLabel`
 * (issue #21). The dashboard reads the days every time it shows; checking the label costs one small read (the days'
 * `_id` and `rev`) where the whole read costs the days' documents, their decoding and rendering. The label lives in
 * the database, so several api processes never serve each other's stale answers, and a body is labelled from the
 * very documents it was rendered from, so it can never carry a newer label than its content. The TTL and the size
 * bound keep the memory of lifters who left.
 */
export class DaysCache {
  private readonly bodies = new Map<string, CachedDays>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = DAYS_CACHE_MAX_BYTES,
    private readonly ttlMs = DAYS_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether a body is kept for `userId` (then its label is worth checking). */
  has(userId: string): boolean {
    const cached = this.bodies.get(userId);
    if (cached && this.now() - cached.storedAt >= this.ttlMs) this.forget(userId);
    return this.bodies.has(userId);
  }

  /** The answer kept for `userId` if its label is `label`. */
  answer(userId: string, label: string): DaysAnswer | undefined {
    const cached = this.bodies.get(userId);
    if (!cached || cached.label !== label || this.now() - cached.storedAt >= this.ttlMs) return undefined;
    // Least recently used first in the map's order: a hit moves to the end.
    this.bodies.delete(userId);
    this.bodies.set(userId, cached);
    return cached.answer;
  }

  store(userId: string, label: string, answer: DaysAnswer): void {
    this.forget(userId);
    if (bytesOf(answer) > this.maxBytes) return;
    this.bodies.set(userId, { label, answer, storedAt: this.now() });
    this.bytes += bytesOf(answer);
    for (const [oldest, old] of this.bodies) {
      if (this.bytes <= this.maxBytes) break;
      this.bodies.delete(oldest);
      this.bytes -= bytesOf(old.answer);
    }
  }

  forget(userId: string): void {
    const cached = this.bodies.get(userId);
    if (!cached) return;
    this.bodies.delete(userId);
    this.bytes -= bytesOf(cached.answer);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.bodies.size, bytes: this.bytes };
  }
}
