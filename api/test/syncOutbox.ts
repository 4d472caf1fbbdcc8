import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
import {
  syncBatchResponseSchema,
  type Exercise,
  type ProgressEntry,
  type SyncOperation,
  type WorkoutDay,
  type WorkoutSet,
} from '@hit/contracts';
import { completeInRotation, INITIAL_WORKOUT_STATE, type RotationState } from '@hit/contracts/rules';
import { changeUser, type TestDatabase } from './helpers';
import type { Agent } from './workoutFixtures';

/**
 * A browser's outbox, written the way the offline client writes it: a session id made on the device, one
 * operation per write, each with its own id and the device's clock. It also keeps what the user did, so a test
 * can say exactly which progress entries and which rotation the api must end with.
 */

const MINUTE = 60_000;

/** A set the user completed, as a progress entry must show it. */
export interface LoggedSet {
  sessionId: string;
  workoutDayId: number;
  exerciseId: number;
  setId: string;
  weight: number;
  reps: number;
  date: string;
}

export interface WorkoutPlan {
  dayId: number;
  /** How many of the day's sets are done, in order (all of them when omitted). */
  sets?: number;
  /** 'complete' (the default when every set is done), 'end' (exit) or 'open' (left in the middle). */
  finish?: 'complete' | 'end' | 'open';
  /** Saves carry every exercise (as the online autosave does) instead of the one set that changed. */
  fullState?: boolean;
  /** Minutes between two sets. */
  minutesPerSet?: number;
}

export class Outbox {
  readonly operations: SyncOperation[] = [];
  readonly logged: LoggedSet[] = [];
  readonly completedDays: number[] = [];
  private clock: number;

  constructor(
    private readonly days: WorkoutDay[],
    startsAt: number,
  ) {
    this.clock = startsAt;
  }

  /** The device's clock now, moved on by `minutes` first. */
  tick(minutes = 1): string {
    this.clock += minutes * MINUTE;
    return new Date(this.clock).toISOString();
  }

  get now(): number {
    return this.clock;
  }

  private push(operation: SyncOperation): void {
    this.operations.push(operation);
  }

  /** One workout: start, a save per completed set, then complete, end or nothing. Returns the session id. */
  workout({ dayId, sets, finish, fullState = false, minutesPerSet = 3 }: WorkoutPlan): string {
    const day = this.days.find((candidate) => candidate.id === dayId);
    if (!day) throw new Error(`no day ${dayId}`);
    const sessionId = new Types.ObjectId().toHexString();
    const exercises: Exercise[] = structuredClone(day.exercises);
    const order = exercises.flatMap((exercise) => exercise.sets.map((set) => ({ exercise, set })));
    const done = sets ?? order.length;
    this.push({ opId: randomUUID(), type: 'start', at: this.tick(), dayId, sessionId });
    order.slice(0, done).forEach(({ exercise, set }, i) => {
      const completedAt = this.tick(minutesPerSet);
      const weight = 20 + ((dayId * 37 + i * 5) % 200);
      const reps = 6 + (i % 5);
      const completed: WorkoutSet = { ...set, completed: true, weight, reps, completedAt };
      Object.assign(set, completed);
      this.logged.push({
        sessionId,
        workoutDayId: dayId,
        exerciseId: exercise.id,
        setId: set.id,
        weight,
        reps,
        date: completedAt,
      });
      const sent = fullState ? structuredClone(exercises) : [{ ...exercise, sets: [completed] }];
      this.push({ opId: randomUUID(), type: 'save', at: this.tick(0), dayId, sessionId, exercises: sent });
    });
    const ending = finish ?? (done === order.length ? 'complete' : 'open');
    if (ending === 'complete') {
      this.push({ opId: randomUUID(), type: 'complete', at: this.tick(1), dayId, sessionId });
      this.completedDays.push(dayId);
    } else if (ending === 'end') {
      this.push({ opId: randomUUID(), type: 'end', at: this.tick(1), dayId, sessionId });
    }
    return sessionId;
  }

  /** The rotation after every completed workout of this outbox, from `from`. */
  expectedState(from: RotationState = INITIAL_WORKOUT_STATE): RotationState {
    return this.completedDays.reduce<RotationState>((state, dayId) => {
      const next = completeInRotation(state, dayId);
      if (!next.ok) throw new Error(`the outbox completes Day ${dayId} out of turn`);
      return next.state;
    }, from);
  }
}

/** Sends a batch as the client does; answers the parsed response. */
export async function sendBatch(agent: Agent, operations: SyncOperation[]) {
  const response = await agent.post('/api/sync').send({ operations }).expect(200);
  return syncBatchResponseSchema.parse(response.body);
}

/** Sends the outbox in batches of at most `size` operations, in order, as a long outbox goes. */
export async function sendAll(agent: Agent, operations: SyncOperation[], size: number) {
  const answers = [];
  for (let start = 0; start < operations.length; start += size)
    answers.push(await sendBatch(agent, operations.slice(start, start + size)));
  return answers;
}

/** Progress entries as sets, in a stable order, for comparing with an outbox's logged sets. */
export function setsOf(entries: ProgressEntry[]) {
  return entries
    .map((entry) => ({
      sessionId: entry.sessionId,
      workoutDayId: entry.workoutDayId,
      exerciseId: entry.exerciseId,
      weight: entry.weight,
      reps: entry.reps,
      date: entry.date,
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.exerciseId - b.exerciseId);
}

/** The logged sets as progress entries show them (no set id there), in the same order as `setsOf`. */
export function expectedSets(logged: LoggedSet[]) {
  return setsOf(
    logged.map((set) => ({
      sessionId: set.sessionId,
      workoutDayId: set.workoutDayId,
      exerciseId: set.exerciseId,
      exerciseName: '',
      weight: set.weight,
      weightUnit: 'lbs',
      reps: set.reps,
      setType: 'working',
      date: set.date,
    })),
  );
}

/** A user's progress entries as GET /api/progress shows them, read from the database (that route is premium). */
export async function storedEntries(database: TestDatabase, userId: string): Promise<ProgressEntry[]> {
  const entries = await database.connection
    .collection('progressentries')
    .find({ userId: new Types.ObjectId(userId) })
    .toArray();
  return entries.map((entry) => ({
    date: (entry.date as Date).toISOString(),
    sessionId: entry.sessionId ? String(entry.sessionId) : null,
    workoutDayId: entry.workoutDayId,
    exerciseId: entry.exerciseId,
    exerciseName: entry.exerciseName,
    weight: entry.weight,
    weightUnit: entry.weightUnit,
    reps: entry.reps,
    setType: entry.setType,
  }));
}

/**
 * Moves an account's creation `daysAgo` into the past (an outbox may not predate the account), with its trial
 * ending `trialEndsInDays` from now (negative: it ended that long ago).
 */
export async function backdateAccount(
  database: TestDatabase,
  userId: string,
  daysAgo: number,
  trialEndsInDays: number,
) {
  const day = 24 * 60 * MINUTE;
  await changeUser(
    database.connection,
    { _id: new Types.ObjectId(userId) },
    {
      $set: {
        createdAt: new Date(Date.now() - daysAgo * day),
        trialEndsAt: new Date(Date.now() + trialEndsInDays * day),
      },
    },
  );
}

/** A paid subscription, as the checkout leaves it (the upgrade). */
export async function upgrade(database: TestDatabase, userId: string) {
  await changeUser(
    database.connection,
    { _id: new Types.ObjectId(userId) },
    {
      $set: {
        hasPaid: true,
        'subscription.status': 'active',
        'subscription.provider': 'demo',
        'subscription.periodEnd': new Date(Date.now() + 30 * 24 * 60 * MINUTE),
      },
    },
  );
}
