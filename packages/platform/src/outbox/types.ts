/**
 * The outbox (issue #18; docs/architecture.md, "Offline design"): every workout write is an operation stored in
 * IndexedDB, per user, before the screen says it is done, then sent in order to POST /api/sync, each applied at most
 * once by the api. These are the types the screens and the shell see; outbox.ts is the engine.
 */
import type { Exercise, Session, SyncOperation, WeightUnit, WorkoutDay, WorkoutState } from '@hit/contracts';

type WithoutIdAndTime<T> = T extends unknown ? Omit<T, 'opId' | 'at'> & { at?: string } : never;

/** An operation as a screen hands it in: the outbox gives it its opId and, unless given, the time (now). */
export type NewOperation = WithoutIdAndTime<SyncOperation>;

/** An operation the api refused for good (400): kept, with its reason, until the user has downloaded it. */
export interface RejectedOperation {
  operation: SyncOperation;
  message: string;
  rejectedAt: string;
}

/** What one user's outbox holds in IndexedDB (one record per user, written in one transaction per change). */
export interface StoredOutbox {
  version: 1;
  /** Not yet applied by the api, oldest first (those waiting for access included). */
  operations: SyncOperation[];
  /** Per session, the completed sets the api is known to hold ("setId@completedAt"): not counted as waiting. */
  onServer: Record<string, string[]>;
  rejected: RejectedOperation[];
  /** One-line explanations from the api (the server's state had moved meanwhile), until dismissed. */
  notices: string[];
  /** The last sync stopped at an operation waiting for access (402): sets done from this time on wait (null: all). */
  waiting: { acceptedUntil: string | null } | null;
}

export type FlushOutcome =
  /** Nothing left to send. */
  | 'synced'
  /** The api could not be reached: retried with back-off and on the next trigger. */
  | 'offline'
  /** Stopped at an operation waiting for access (402): sent again after an upgrade. */
  | 'waiting'
  /** The api answered with an error for the batch (5xx, 409 busy): retried with back-off. */
  | 'failed'
  /** Another account is signed in on this browser now (401, or the api names another user): nothing was sent. */
  | 'signedOut';

export interface OutboxStatus {
  userId: string;
  /** The stored outbox has been read (before that, the counts below are 0). */
  loaded: boolean;
  operations: readonly SyncOperation[];
  /** Completed sets not yet on the server (a set completed, undone and done again counts once). */
  pendingSets: number;
  /** Of pendingSets, those that wait for access (the trial ended while offline). */
  waitingSets: number;
  rejected: readonly RejectedOperation[];
  notices: readonly string[];
  /** A batch is on its way. */
  syncing: boolean;
  /** How the last flush ended (null before the first). */
  lastOutcome: FlushOutcome | null;
}

/** The server's state after a batch (POST /api/sync answers it): the screens show it. */
export interface ServerState {
  workoutDays: WorkoutDay[];
  workoutState: WorkoutState;
  /** The unfinished workout (null: none), as GET /api/sessions/open answers it. */
  openSession: Session | null;
  /** The version of the user's working sets (SyncBatchResponse); undefined from an api that predates it. */
  workingSetsVersion?: number;
  /** The lifter's remembered unit after the batch (SyncBatchResponse); undefined from an api that predates it. */
  weightUnit?: WeightUnit;
}

export interface Outbox {
  readonly userId: string;
  /** Settles once the stored outbox has been read (or failed to be): the status says `loaded` from then on. */
  readonly loaded: Promise<void>;
  getStatus(): OutboxStatus;
  subscribe(listener: () => void): () => void;
  /** Resolves once the operation is stored in IndexedDB; a send follows at once. */
  append(operation: NewOperation): Promise<SyncOperation>;
  /** The api already holds these sets of the session (it gave them): they are not counted as waiting. */
  markOnServer(sessionId: string, exercises: readonly Exercise[]): Promise<void>;
  /** Sends every pending operation now (batches in order), waiting for another tab's send first. */
  flush(): Promise<FlushOutcome>;
  dismissNotices(): Promise<void>;
  /** Forgets the rejected operations (after the user downloaded them). */
  clearRejected(): Promise<void>;
  /** Called after each batch the api answered, with the server's state. */
  onServerState(listener: (state: ServerState) => void | Promise<void>): () => void;
  /** Stops retries and listeners (sign-out of this user, or the end of a test). */
  stop(): void;
  /**
   * Forgets the outbox for good (the user deleted their account): its stored operations and count note are removed,
   * other tabs told, nothing is sent again; then stops.
   */
  discard(): Promise<void>;
}
