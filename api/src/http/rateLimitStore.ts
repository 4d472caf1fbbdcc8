import type { ClientRateLimitInfo, IncrementResponse, Options, Store } from 'express-rate-limit';
import type { Collection } from 'mongodb';
import type { RateLimitCounterFields, RateLimitCounterModel } from '../models/rateLimitCounter';

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: number })?.code === 11000;
}

/**
 * express-rate-limit's Store on MongoDB: every api process counts in the same documents.
 * A window starts at a key's first hit and lasts `windowMs`; a TTL index on `resetAt` clears old windows.
 * Queries go through the driver (the model's collection): a failed sign-in counts in three of these, and mongoose's
 * query path cost more than the query (issue #23: under a flood of sign-ins, this is the event loop's work).
 */
export class MongoRateLimitStore implements Store {
  /** Keys live in the database, so two processes (or two limiters with other prefixes) never double-count. */
  readonly localKeys = false;
  private windowMs = 60_000;

  private readonly counters: Collection<RateLimitCounterFields>;

  constructor(
    model: RateLimitCounterModel,
    readonly prefix: string,
  ) {
    this.counters = model.collection as unknown as Collection<RateLimitCounterFields>;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const counter = await this.counters.findOne({ _id: this.prefix + key, resetAt: this.current() });
    return counter ? { totalHits: counter.hits, resetTime: counter.resetAt } : undefined;
  }

  async increment(key: string): Promise<IncrementResponse> {
    try {
      return await this.incrementOnce(key);
    } catch (error) {
      // Another process created the window first, or an ended window still waits for the TTL sweep: once more.
      if (!isDuplicateKey(error)) throw error;
      await this.counters.deleteOne({ _id: this.prefix + key, resetAt: { $lte: new Date() } });
      return this.incrementOnce(key);
    }
  }

  async decrement(key: string): Promise<void> {
    await this.counters.updateOne(
      { _id: this.prefix + key, resetAt: this.current(), hits: { $gt: 0 } },
      { $inc: { hits: -1 } },
    );
  }

  async resetKey(key: string): Promise<void> {
    await this.counters.deleteOne({ _id: this.prefix + key });
  }

  /** `$inc` on the key's current window, or a new window (upsert) when it has none. */
  private async incrementOnce(key: string): Promise<IncrementResponse> {
    const now = Date.now();
    const counter = await this.counters.findOneAndUpdate(
      { _id: this.prefix + key, resetAt: this.current(now) },
      { $inc: { hits: 1 }, $setOnInsert: { resetAt: new Date(now + this.windowMs) } },
      { upsert: true, returnDocument: 'after' },
    );
    if (!counter) throw new Error(`rate limit counter ${this.prefix + key} was not written`);
    return { totalHits: counter.hits, resetTime: counter.resetAt };
  }

  /** Filter for a window that has not ended yet. */
  private current(now = Date.now()) {
    return { $gt: new Date(now) };
  }
}
