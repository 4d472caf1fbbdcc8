import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { Types } from 'mongoose';
import {
  MAX_SYNC_OPERATIONS,
  syncOperationSchema,
  type Exercise,
  type SyncOperation,
  type SyncOutcome,
  type SyncResult,
} from '@hit/contracts';
import { SET_TIME_CLOCK_SKEW_MS, SET_TIME_IN_FUTURE_MESSAGE, setTimeProblem } from '@hit/contracts/rules';
import { ACCESS_DENIED_MESSAGE } from '../auth/currentUser';
import { HttpError } from '../errors';
import { findFew } from '../findFew';
import { WritePlan, type OrderedWriter, type PlannedWrite } from '../orderedWrites';
import type { SyncLockModel } from '../models/syncLock';
import type { SyncOperationFields, SyncOperationModel } from '../models/syncOperation';
import type { WorkoutSessionFields } from '../models/session';
import type { UserFields } from '../models/user';
import { subscriptionStatusOf } from './access';
import type { SessionService, SessionToSave } from './sessions';
import type { WorkoutService } from './workouts';
import { laterChoice, newestCompletedSet, type UnitChoice } from './weightUnit';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A backlog done while access held is still taken this long after access ended; later it waits for an upgrade.
 * The api cannot tell an offline phone from a clock set back, so a clock set back buys at most this much.
 */
export const OFFLINE_GRACE_AFTER_ACCESS_MS = 7 * DAY_MS;
/** How long one batch may hold the user's sync lock before another request may take it over. */
export const SYNC_LOCK_LEASE_MS = 60_000;
/** How long a batch waits for another batch of the same user (another tab) before answering 409. */
export const SYNC_LOCK_WAIT_MS = 10_000;
const SYNC_LOCK_POLL_MS = 20;

export { SYNC_OTHER_USER_MESSAGE } from '@hit/contracts/rules';
export const SYNC_BUSY_MESSAGE = 'Another sync of this account is still running: send the batch again';
export const progressResetNote = () => 'Progress was reset on another device; your sets were saved';
export const sessionDayMismatchMessage = (dayId: number) => `dayId: must be the session's day (${dayId})`;
export const FUTURE_TIME_MESSAGE = SET_TIME_IN_FUTURE_MESSAGE;
export const BEFORE_ACCOUNT_MESSAGE = 'must not be before the account was created';
/** After a save's refused set (a time that cannot be right): the save's other sets were recorded all the same. */
export const refusedSetMessage = (problem: string) => `${problem}; the other sets of this save were recorded`;
/**
 * How far before the account's creation an operation's time may be: a device's clock may be behind (a phone that
 * lost time offline); any earlier is a forged time, which could otherwise claim access the account never had.
 */
export const BEFORE_ACCOUNT_SLACK_MS = DAY_MS;

type SyncUser = Pick<UserFields, '_id' | 'createdAt' | 'trialEndsAt' | 'subscription'>;

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: number } | null)?.code === 11000;
}

/**
 * Sets and operations done before this moment are taken even though access is over now: when access last ended
 * (the trial's end or the paid period's), within OFFLINE_GRACE_AFTER_ACCESS_MS of it. Undefined while access runs
 * (everything is taken); null once the grace is over (nothing is, until an upgrade).
 */
export function acceptedUntil(user: SyncUser, now: Date): Date | null | undefined {
  if (subscriptionStatusOf(user, now).canAccessFeatures) return undefined;
  // A lapsed subscription was paid until its period end, whatever its status says now.
  const ended = Math.max(user.trialEndsAt.getTime(), user.subscription?.periodEnd?.getTime() ?? 0);
  return now.getTime() - ended <= OFFLINE_GRACE_AFTER_ACCESS_MS ? new Date(ended) : null;
}

/** The first problem of an operation's body, as "field: message" (the batch's 400 wording, per operation). */
function firstIssue(error: {
  issues: { path: PropertyKey[]; message: string; code: string; keys?: string[] }[];
}): string {
  const issue = error.issues[0];
  const field = issue.path.map(String).join('.');
  const message =
    issue.code === 'unrecognized_keys'
      ? `unknown field ${(issue.keys ?? []).map((k) => `"${k}"`).join(', ')}`
      : issue.message;
  return field ? `${field}: ${message}` : message;
}

/** The completed sets of a save, with their path in the operation. */
function completedSetsOf(exercises: Exercise[]) {
  return exercises.flatMap((exercise, i) =>
    exercise.sets.flatMap((set, j) =>
      set.completed && set.completedAt ? [{ path: `exercises.${i}.sets.${j}`, at: new Date(set.completedAt) }] : [],
    ),
  );
}

type SaveOperation = Extract<SyncOperation, { type: 'save' }>;

/**
 * Access for this batch. `until`: see acceptedUntil. `from`: the account's creation, before which no time counts for
 * access (a device's clock may say earlier; its sets are still recorded while access runs, never on a time the
 * account never had). `after`: the device's last sync (DeviceSync); once access is over, only what was done after it
 * (give or take the device's clock) is a backlog the device can have, anything earlier it would have sent then.
 */
type Access = { until: Date | null | undefined; from: Date; after: Date | null };
const accepts = (access: Access, time: Date) =>
  access.until === undefined ||
  (access.until !== null &&
    time >= access.from &&
    time < access.until &&
    (access.after === null || time.getTime() > access.after.getTime() - SET_TIME_CLOCK_SKEW_MS));

/**
 * What the api remembers of one device's syncs (its login session): everything it had done up to `syncedUntil` has
 * been sent. A batch shorter than MAX_SYNC_OPERATIONS was the whole outbox, so that moment is the batch's; a full one
 * is followed by operations made after its last, so that moment is its last operation's.
 */
export interface DeviceSync {
  syncedUntil: Date | null;
}

type Prepared =
  | { kind: 'rejected'; type: SyncOperation['type'] | null; outcome: SyncOutcome }
  | { kind: 'waiting' }
  /** `waits`: only part of it (the sets done before access ended) may be applied; it still waits for the rest. */
  /** `refused`: why some of its sets were left out (the others are applied; the operation is answered rejected). */
  | { kind: 'apply'; op: SyncOperation; at: Date; waits: boolean; refused: string | null };

const rejectedOutcome = (message: string): SyncOutcome => ({ status: 'rejected', httpStatus: 400, message });

interface SyncServiceDeps {
  SyncOperation: SyncOperationModel;
  SyncLock: SyncLockModel;
  workouts: WorkoutService;
  sessions: SessionService;
  writer: OrderedWriter;
}

/**
 * POST /api/sync: applies an outbox of workout writes in order, each at most once (docs/product-rules.md, "Sync and
 * conflicts"). Two layers: every answered operation id is stored with its outcome (a replay answers it without
 * applying again), and every operation is idempotent by construction (client-made session ids, sets keyed by
 * performance, exercise and set, a completion claimed per session), so an operation applied by a request that died
 * before storing its outcome is applied again without effect. One batch per user at a time (a lease in the
 * database), so two tabs sending the same outbox never interleave an older autosave with a newer one.
 */
export function createSyncService({ SyncOperation, SyncLock, workouts, sessions, writer }: SyncServiceDeps) {
  /**
   * Runs `run` holding the user's sync lock. `run` may add its last writes to the plan it is given: they go in one
   * plan with the lock's release after them (one command on MongoDB 8.0), which no failure skips.
   */
  async function withLock<T>(userId: Types.ObjectId, run: (last: WritePlan) => Promise<T>): Promise<T> {
    const holder = randomUUID();
    const deadline = Date.now() + SYNC_LOCK_WAIT_MS;
    for (;;) {
      const now = new Date();
      try {
        // Takes a free or expired lock; a held one makes the upsert insert a second document, refused with E11000.
        // The lock's, the answered operations' and the open session's commands go through the driver: every sync
        // sends them, their values are of their stored types, and mongoose's casting and documents cost more than
        // the commands (docs/architecture.md, "Data model").
        await SyncLock.collection.updateOne(
          { userId, expiresAt: { $lte: now } },
          { $set: { holder, expiresAt: new Date(now.getTime() + SYNC_LOCK_LEASE_MS) } },
          { upsert: true },
        );
        break;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      if (Date.now() >= deadline) throw new HttpError(409, SYNC_BUSY_MESSAGE);
      await delay(SYNC_LOCK_POLL_MS);
    }
    const release: PlannedWrite = { name: 'deleteOne', filter: { userId, holder } };
    let released = false;
    try {
      const last = new WritePlan();
      const result = await run(last);
      // Its writes are upserts: one refused as a duplicate (the same answer stored meanwhile: applyBatch's planOutcomes) finds
      // it there the second time, and the release follows.
      await writer.runAgainOnDuplicateKey(last.add(SyncLock, release));
      released = true;
      return result;
    } finally {
      if (!released) await writer.run(new WritePlan().add(SyncLock, release));
    }
  }

  /** The session an operation names, made again if a reset deleted it meanwhile (then with a note). */
  async function sessionOf(userId: Types.ObjectId, op: { sessionId: string; dayId: number }, at: Date) {
    const sessionId = new Types.ObjectId(op.sessionId);
    const found = await sessions.findSession(userId, sessionId);
    const session = found ?? (await sessions.restoreSession(userId, sessionId, op.dayId, at));
    if (session.dayId !== op.dayId) throw new HttpError(400, sessionDayMismatchMessage(session.dayId));
    return { session, note: found ? null : progressResetNote() };
  }

  /** sessionOf for a save: the session with its performance's entries, in one read (sessions.findSessionToSave). */
  async function sessionToSaveOf(
    userId: Types.ObjectId,
    op: { sessionId: string; dayId: number },
    at: Date,
  ): Promise<{ toSave: SessionToSave; note: string | null }> {
    const found = await sessions.findSessionToSave(userId, new Types.ObjectId(op.sessionId));
    if (!found) {
      const { session, note } = await sessionOf(userId, op, at);
      return { toSave: await sessions.withEntries(session), note };
    }
    if (found.session.dayId !== op.dayId) throw new HttpError(400, sessionDayMismatchMessage(found.session.dayId));
    return { toSave: found, note: null };
  }

  /**
   * Applies a run of saves of one session (one operation, or several in a row: one write for all of them, see
   * saveSessionStates). Answers an outcome per save: a save that does not fit the session is rejected alone.
   */
  async function applySaves(
    userId: Types.ObjectId,
    saves: SaveOperation[],
    at: Date,
    saved: Map<string, WorkoutSessionFields>,
  ): Promise<SyncOutcome[]> {
    const { toSave, note } = await sessionToSaveOf(userId, saves[0], at);
    const { exercises, problems } = await sessions.saveSessionStates(
      userId,
      toSave,
      saves.map((save) => save.exercises),
    );
    const { session } = toSave;
    saved.set(session._id.toHexString(), { ...session, exercises });
    return problems.map((problem, i) =>
      problem ? rejectedOutcome(problem) : { status: 'applied', note: i === 0 ? note : null },
    );
  }

  /** Applies one operation other than a save; answers its conflict note (or null). A 4xx HttpError rejects it. */
  async function apply(
    userId: Types.ObjectId,
    op: Exclude<SyncOperation, SaveOperation>,
    at: Date,
  ): Promise<string | null> {
    switch (op.type) {
      case 'start': {
        const session = await sessions.startClientSession(userId, new Types.ObjectId(op.sessionId), op.dayId, at);
        if (session.dayId !== op.dayId) throw new HttpError(400, sessionDayMismatchMessage(session.dayId));
        return null;
      }
      case 'complete': {
        const { session, note } = await sessionOf(userId, op, at);
        const completion = await workouts.completeSession(userId, session, at);
        return note ?? completion.note;
      }
      case 'end': {
        const session = await sessions.findSession(userId, new Types.ObjectId(op.sessionId));
        // Nothing to end when a reset deleted it: its sets, if any, came with its saves.
        if (!session) return null;
        if (session.dayId !== op.dayId) throw new HttpError(400, sessionDayMismatchMessage(session.dayId));
        await sessions.endSession(userId, session._id.toHexString(), at);
        return null;
      }
      case 'resetDay':
        await workouts.resetDay(userId, op.dayId);
        return null;
    }
  }

  /** Runs `apply`, turning a 4xx refusal into a rejected outcome for every operation it covers. */
  async function outcomesOf(count: number, run: () => Promise<SyncOutcome[]>): Promise<SyncOutcome[]> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof HttpError && error.status >= 400 && error.status < 500)
        return Array(count).fill(rejectedOutcome(error.message));
      throw error;
    }
  }

  /**
   * Why a time the client sent cannot be right (`field: message`), or null: the rule of every set time
   * (@hit/contracts/rules, setTimes.ts), and not before the account's creation (BEFORE_ACCOUNT_SLACK_MS).
   */
  function timeProblem(field: string, time: Date, user: SyncUser, now: Date): string | null {
    const problem = setTimeProblem(time, now);
    if (problem) return `${field}: ${problem}`;
    if (time.getTime() < user.createdAt.getTime() - BEFORE_ACCOUNT_SLACK_MS)
      return `${field}: ${BEFORE_ACCOUNT_MESSAGE}`;
    return null;
  }

  /**
   * What may be done with an operation, before touching the database: rejected (400), waiting (nothing of it may be
   * applied), or applied (all of it, or for a save whose sets straddle the end of access, the sets done before it:
   * the operation then still waits, for the rest). A save's set whose time cannot be right is left out and the rest
   * applied; the operation is then answered rejected (`refused`, naming that set), so the device keeps it to export.
   */
  function prepare(raw: unknown, user: SyncUser, access: Access, now: Date): Prepared {
    const parsed = syncOperationSchema.safeParse(raw);
    if (!parsed.success) return { kind: 'rejected', type: null, outcome: rejectedOutcome(firstIssue(parsed.error)) };
    let op = parsed.data;
    const at = new Date(op.at);
    const atProblem = timeProblem('at', at, user, now);
    if (atProblem) return { kind: 'rejected', type: op.type, outcome: rejectedOutcome(atProblem) };
    let completed = op.type === 'save' ? completedSetsOf(op.exercises) : [];
    const refusedSets = completed.flatMap((set) => {
      const problem = timeProblem(`${set.path}.completedAt`, set.at, user, now);
      return problem ? [{ ...set, problem }] : [];
    });
    let refused: string | null = null;
    if (op.type === 'save' && refusedSets.length > 0) {
      const paths = new Set(refusedSets.map((set) => set.path));
      const exercises = op.exercises.map((exercise, i) => ({
        ...exercise,
        sets: exercise.sets.filter((_set, j) => !paths.has(`exercises.${i}.sets.${j}`)),
      }));
      const { problem } = refusedSets[0];
      // Nothing else was sent: nothing to record.
      if (exercises.every((exercise) => exercise.sets.length === 0)) {
        return { kind: 'rejected', type: op.type, outcome: rejectedOutcome(problem) };
      }
      op = { ...op, exercises };
      completed = completed.filter((set) => !paths.has(set.path));
      refused = refusedSetMessage(problem);
    }
    // A device clock a little ahead never marks anything later than the server's now.
    const applyAt = at > now ? now : at;
    const late = completed.filter((set) => !accepts(access, set.at));
    if (op.type !== 'save' || completed.length === 0) {
      return accepts(access, at) ? { kind: 'apply', op, at: applyAt, waits: false, refused } : { kind: 'waiting' };
    }
    if (late.length === 0) return { kind: 'apply', op, at: applyAt, waits: false, refused };
    if (late.length === completed.length) return { kind: 'waiting' };
    const isLate = (set: Exercise['sets'][number]) =>
      set.completed && set.completedAt !== null && !accepts(access, new Date(set.completedAt));
    const exercises = op.exercises.map((exercise) => ({
      ...exercise,
      sets: exercise.sets.filter((set) => !isLate(set)),
    }));
    return { kind: 'apply', op: { ...op, exercises }, at: applyAt, waits: true, refused };
  }

  /** DeviceSync after a batch: never earlier than before it. */
  function syncedUntilAfter(device: DeviceSync, prepared: Prepared[], results: SyncResult[], now: Date): Date | null {
    const whole = prepared.length < MAX_SYNC_OPERATIONS && results.every((result) => result.status !== 'waiting');
    let until = whole ? now : null;
    if (!whole) {
      // The operations answered before the first that waits were made before everything still queued.
      for (const [i, result] of results.entries()) {
        if (result.status === 'waiting') break;
        const step = prepared[i];
        if (step.kind === 'apply' && (until === null || step.at > until)) until = step.at;
      }
    }
    const previous = device.syncedUntil;
    return previous && (until === null || previous > until) ? previous : until;
  }

  const toOutcome = (stored: SyncOperationFields['outcome']): SyncOutcome =>
    stored.status === 'applied' ? { status: 'applied', note: stored.note } : rejectedOutcome(stored.message ?? '');

  /**
   * Applies the operations in order. Answered ones (this batch or before) answer `duplicate` with their first
   * outcome; once one waits for access (402), it and every later one wait, unrecorded, so the outbox keeps its order.
   * Outcomes are stored at the end of the batch (right away after a resetDay, the one operation that is not
   * idempotent by construction): a batch cut short by a crash is applied again, without effect, when re-sent.
   * `savedSessions`: after a batch that applied only saves, the sessions they wrote, as they left them (else none).
   * `newestSet`: the unit and time of the newest completed set the applied saves carried (services/weightUnit.ts).
   */
  async function applyBatch(
    user: SyncUser,
    operations: { opId: string }[],
    rawOperations: unknown[],
    device: DeviceSync = { syncedUntil: null },
  ): Promise<{
    results: SyncResult[];
    savedSessions: WorkoutSessionFields[];
    device: DeviceSync;
    newestSet: UnitChoice | null;
  }> {
    const userId = user._id;
    return withLock(userId, async (last) => {
      const now = new Date();
      // The sessions the batch's saves wrote, as they left them; any other operation applied makes them unknown.
      const saved = new Map<string, WorkoutSessionFields>();
      let othersApplied = false;
      let newestSet: UnitChoice | null = null;
      const access: Access = { until: acceptedUntil(user, now), from: user.createdAt, after: device.syncedUntil };
      const stored = await findFew<SyncOperationFields>(SyncOperation, {
        userId,
        opId: { $in: operations.map((op) => op.opId) },
      });
      const answered = new Map(stored.map((entry) => [entry.opId, toOutcome(entry.outcome)]));
      const prepared = rawOperations.map((raw) => prepare(raw, user, access, now));
      const results: SyncResult[] = [];
      const unstored: SyncOperationFields[] = [];
      // Each answer is stored once, the first: an operation's answer may have been stored meanwhile by a request that
      // took over an expired lease, and is then left as it is.
      const planOutcomes = (plan: WritePlan) => {
        for (const outcome of unstored.splice(0)) {
          const filter = { userId, opId: outcome.opId };
          plan.add(SyncOperation, { name: 'updateOne', filter, update: { $setOnInsert: outcome }, upsert: true });
        }
        return plan;
      };
      const answer = (index: number, outcome: SyncOutcome, type: SyncOperation['type'] | null) => {
        const { opId } = operations[index];
        answered.set(opId, outcome);
        unstored.push({
          _id: new Types.ObjectId(),
          userId,
          opId,
          type: type ?? null,
          outcome: {
            status: outcome.status,
            note: outcome.status === 'applied' ? outcome.note : null,
            message: outcome.status === 'rejected' ? outcome.message : null,
          },
          recordedAt: now,
        });
        results.push({ opId, ...outcome });
      };

      let waiting = false;
      for (let i = 0; i < operations.length;) {
        const { opId } = operations[i];
        const first = answered.get(opId);
        const step = prepared[i];
        if (first) {
          results.push({ opId, status: 'duplicate', original: first });
          i += 1;
        } else if (waiting || step.kind === 'waiting') {
          waiting = true;
          const until = access.until ?? null;
          results.push({
            opId,
            status: 'waiting',
            httpStatus: 402,
            message: ACCESS_DENIED_MESSAGE,
            acceptedUntil: until && until.toISOString(),
          });
          i += 1;
        } else if (step.kind === 'rejected') {
          answer(i, step.outcome, step.type);
          i += 1;
        } else if (step.op.type === 'save') {
          // The saves of this session that follow, fully applicable and not answered before, go in one write.
          const run = [i];
          const ids = new Set([opId]);
          for (let next = i + 1; !step.waits && next < operations.length; next += 1) {
            const candidate = prepared[next];
            const nextId = operations[next].opId;
            const fits =
              candidate.kind === 'apply' &&
              !candidate.waits &&
              candidate.op.type === 'save' &&
              candidate.op.sessionId === step.op.sessionId &&
              candidate.op.dayId === step.op.dayId &&
              !answered.has(nextId) &&
              !ids.has(nextId);
            if (!fits) break;
            run.push(next);
            ids.add(nextId);
          }
          const saves = run.map(
            (index) => (prepared[index] as Extract<Prepared, { kind: 'apply' }>).op as SaveOperation,
          );
          const outcomes = await outcomesOf(saves.length, () => applySaves(userId, saves, step.at, saved));
          if (step.waits) {
            // Its sets done before access ended are recorded; the operation itself waits (the next turn answers it).
            waiting = true;
            continue;
          }
          run.forEach((index, k) => {
            const { refused } = prepared[index] as Extract<Prepared, { kind: 'apply' }>;
            if (outcomes[k].status === 'applied')
              newestSet = laterChoice(newestSet, newestCompletedSet(saves[k].exercises));
            answer(index, refused && outcomes[k].status === 'applied' ? rejectedOutcome(refused) : outcomes[k], 'save');
          });
          i += run.length;
        } else {
          const op = step.op;
          othersApplied = true;
          const [outcome] = await outcomesOf(1, async () => [
            { status: 'applied', note: await apply(userId, op, step.at) },
          ]);
          answer(i, outcome, op.type);
          if (op.type === 'resetDay') await writer.runAgainOnDuplicateKey(planOutcomes(new WritePlan()));
          i += 1;
        }
      }
      planOutcomes(last);
      return {
        results,
        savedSessions: othersApplied ? [] : [...saved.values()],
        device: { syncedUntil: syncedUntilAfter(device, prepared, results, now) },
        newestSet,
      };
    });
  }

  return { applyBatch };
}

export type SyncService = ReturnType<typeof createSyncService>;
