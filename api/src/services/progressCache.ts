import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** Gzipped JSON bodies of GET /api/progress kept at most this long, and at most this many bytes in all. */
export const PROGRESS_CACHE_TTL_MS = 10 * 60 * 1000;
export const PROGRESS_CACHE_MAX_BYTES = 32 * 1024 * 1024;

interface CachedBody {
  version: number;
  /** What else the answer was built from, when not only the entries (GET /api/goals: the goals as read). */
  variant: string;
  gzipped: Buffer;
  storedAt: number;
}

/**
 * The answer of GET /api/progress per user, gzipped, labelled with the user's progress version (the sum of
 * counters on the user's day documents, one bumped after every progress write: services/progress.ts). Reading 30k entries through the driver takes seconds on the
 * embedded server and hundreds of milliseconds on a real one; checking one counter takes one small read. The
 * version lives in the database, so several api processes never serve each other's stale answers; the TTL
 * bounds how long a write that skipped the counter (a crash between the two) can go unseen.
 */
export class ProgressCache {
  private readonly bodies = new Map<string, CachedBody>();
  private readonly loading = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = PROGRESS_CACHE_MAX_BYTES,
    private readonly ttlMs = PROGRESS_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The gzipped body for `userId` at `version`, built with `load` when missing or stale. `version` must be read
   * before `load` runs: an answer is then never labelled newer than the data it holds. `variant` names what else the
   * answer is built from (read by the caller before, and given to `load` as read): a body is answered only for the
   * same version and the same variant.
   */
  async body(userId: string, version: number, load: () => Promise<unknown>, variant = ''): Promise<Buffer> {
    const cached = this.bodies.get(userId);
    if (
      cached &&
      cached.version === version &&
      cached.variant === variant &&
      this.now() - cached.storedAt < this.ttlMs
    ) {
      // Least recently used first in the map's order: a hit moves to the end.
      this.bodies.delete(userId);
      this.bodies.set(userId, cached);
      return cached.gzipped;
    }
    // Concurrent requests for the same answer share one load.
    const key = `${userId}@${version}@${variant}`;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = (async () => gzipAsync(JSON.stringify(await load())))();
      this.loading.set(key, pending);
      pending
        .then(
          (gzipped) => this.store(userId, { version, variant, gzipped, storedAt: this.now() }),
          () => undefined,
        )
        .finally(() => this.loading.delete(key));
    }
    return pending;
  }

  private store(userId: string, body: CachedBody): void {
    // A slow load of an older version finishing after a newer one must not replace it. (Of two variants of one version,
    // the last stored stays: a body is only answered for the variant the request read, so an older one is never sent.)
    if ((this.bodies.get(userId)?.version ?? -1) > body.version) return;
    this.forget(userId);
    if (body.gzipped.length > this.maxBytes) return;
    this.bodies.set(userId, body);
    this.bytes += body.gzipped.length;
    for (const [oldest, old] of this.bodies) {
      if (this.bytes <= this.maxBytes) break;
      this.bodies.delete(oldest);
      this.bytes -= old.gzipped.length;
    }
  }

  forget(userId: string): void {
    const cached = this.bodies.get(userId);
    if (!cached) return;
    this.bodies.delete(userId);
    this.bytes -= cached.gzipped.length;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.bodies.size, bytes: this.bytes };
  }
}
