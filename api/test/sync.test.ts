import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Types } from 'mongoose';
import { Db } from 'mongodb';
import {
  MAX_SYNC_OPERATIONS,
  type Exercise,
  type SyncOperation,
  type SyncResult,
  type WorkoutSet,
} from '@hit/contracts';
import { SET_TIME_TOO_EARLY_MESSAGE } from '@hit/contracts/rules';
import { ACCESS_DENIED_MESSAGE } from '../src/auth/currentUser';
import {
  BEFORE_ACCOUNT_MESSAGE,
  FUTURE_TIME_MESSAGE,
  progressResetNote,
  SYNC_OTHER_USER_MESSAGE,
} from '../src/services/sync';
import { alreadyCompletedNote, dayResetNote } from '../src/services/workouts';
import { buildTestApp, signUp, startTestDatabase, TEST_PASSWORD, type TestDatabase } from './helpers';
import {
  backdateAccount,
  expectedSets,
  Outbox,
  sendAll,
  sendBatch,
  setsOf,
  storedEntries,
  upgrade,
} from './syncOutbox';
import {
  completeAll,
  completed,
  getDay,
  getDays,
  getProgress,
  getState,
  snapshotOf,
  type Agent,
} from './workoutFixtures';

// Whole outboxes of several workouts go through the real app and database here: more than jest's default 5 s.
jest.setTimeout(30_000);

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const MINUTE = 60 * 1000;

let database: TestDatabase;
let app: ReturnType<typeof buildTestApp>;

beforeAll(async () => {
  database = await startTestDatabase();
  app = buildTestApp(database);
});
afterAll(async () => {
  await database.close();
});

/** A signed-in account created `daysAgo` (so an outbox of the last days may be older than the sign-up). */
async function account(daysAgo = 20, trialEndsInDays = 10) {
  const { agent, user } = await signUp(app);
  await backdateAccount(database, user.id, daysAgo, trialEndsInDays);
  return { agent, userId: user.id, days: await getDays(agent) };
}

const statuses = (results: SyncResult[]) => results.map((result) => result.status);
const applied = (n: number) => Array<string>(n).fill('applied');

describe('POST /api/sync: a whole offline workout', () => {
  it('records every logged set as a progress entry, completes the day and advances the rotation once', async () => {
    const { agent, days } = await account();
    const outbox = new Outbox(days, Date.now() - 3 * HOUR);
    const sessionId = outbox.workout({ dayId: 1 });

    const answer = await sendBatch(agent, outbox.operations);

    expect(answer.results).toEqual(outbox.operations.map((op) => ({ opId: op.opId, status: 'applied', note: null })));
    expect(setsOf(await getProgress(agent))).toEqual(expectedSets(outbox.logged));
    expect(outbox.logged).toHaveLength(12);
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 2 });
    const day1 = await getDay(agent, 1);
    // Marked with the time the user completed it on the device, not the time it reached the server.
    expect(day1.lastCompleted).toBe(outbox.operations.at(-1)!.at);
    expect([day1.isCompleted, day1.exercises.flatMap((e) => e.sets).some((set) => set.completed)]).toEqual([
      true,
      false,
    ]);
    // The answer carries the server's state after the batch, as the reads show it.
    expect(answer.workoutState).toEqual(await getState(agent));
    expect(answer.workoutDays).toEqual(await getDays(agent));
    // The session is the client's, ended, and no workout is left open.
    expect((await agent.get('/api/sessions/open').expect(200)).body).toBeNull();
    expect(answer.openSession).toBeNull();
    const entries = await getProgress(agent);
    expect(new Set(entries.map((entry) => entry.sessionId))).toEqual(new Set([sessionId]));
  });

  it('answers the unfinished workout of a batch that stops mid-workout, as GET /api/sessions/open has it', async () => {
    const { agent, days } = await account();
    const outbox = new Outbox(days, Date.now() - HOUR);
    const sessionId = outbox.workout({ dayId: 1, sets: 5, finish: 'open', fullState: true });

    const answer = await sendBatch(agent, outbox.operations);

    const open = (await agent.get('/api/sessions/open').expect(200)).body;
    expect(answer.openSession).toEqual(open);
    expect(open.id).toBe(sessionId);
    expect(open.exercises.flatMap((e: Exercise) => e.sets).filter((set: WorkoutSet) => set.completed)).toHaveLength(5);
  });

  it("answers a set's sync with the open workout as GET /api/sessions/open has it, and none once it ended", async () => {
    const { agent, days } = await account();
    const outbox = new Outbox(days, Date.now() - HOUR);
    const sessionId = outbox.workout({ dayId: 1, sets: 12, finish: 'complete', fullState: true });
    const [start, ...rest] = outbox.operations;
    const saves = rest.filter((op) => op.type === 'save');
    const complete = rest.filter((op) => op.type !== 'save');
    await sendBatch(agent, [start]);

    // Saves alone, one batch per set, as the browser sends them: each answer's open workout is what a read finds.
    for (const save of saves.slice(0, 3)) {
      const answer = await sendBatch(agent, [save]);
      expect(statuses(answer.results)).toEqual(applied(1));
      expect(answer.openSession).toEqual((await agent.get('/api/sessions/open').expect(200)).body);
    }
    // A replay changes nothing and answers the same.
    const replay = await sendBatch(agent, [saves[2]]);
    expect(statuses(replay.results)).toEqual(['duplicate']);
    expect(replay.openSession).toEqual((await agent.get('/api/sessions/open').expect(200)).body);
    expect(replay.openSession?.id).toBe(sessionId);

    const finished = await sendBatch(agent, [...saves.slice(3), ...complete]);
    expect(statuses(finished.results)).toEqual(applied(saves.length - 3 + complete.length));
    expect(finished.openSession).toBeNull();
    // A late save of the ended workout (another device's outbox): recorded, and no workout is open.
    const lastSaved = structuredClone((saves.at(-1) as Extract<SyncOperation, { type: 'save' }>).exercises);
    lastSaved[0].sets[0] = { ...lastSaved[0].sets[0], reps: 12 };
    const late: SyncOperation = {
      opId: randomUUID(),
      type: 'save',
      at: outbox.tick(5),
      dayId: 1,
      sessionId,
      exercises: lastSaved,
    };
    const lateAnswer = await sendBatch(agent, [late]);
    expect(statuses(lateAnswer.results)).toEqual(applied(1));
    expect(lateAnswer.openSession).toBeNull();
    expect((await agent.get('/api/sessions/open').expect(200)).body).toBeNull();

    // A workout left with Exit keeps its day's performance: a late save of it still leaves no workout open.
    const exitBox = new Outbox(await getDays(agent), outbox.now + MINUTE);
    const exited = exitBox.workout({ dayId: 2, sets: 2, finish: 'end', fullState: true });
    const exitedAnswer = await sendBatch(agent, exitBox.operations);
    expect(exitedAnswer.openSession).toBeNull();
    const exitedSave = exitBox.operations.filter((op) => op.type === 'save').at(-1) as Extract<
      SyncOperation,
      { type: 'save' }
    >;
    const afterExit = await sendBatch(agent, [{ ...exitedSave, opId: randomUUID(), at: exitBox.tick(2) }]);
    expect(statuses(afterExit.results)).toEqual(applied(1));
    expect(afterExit.openSession).toBeNull();
    expect((await agent.get('/api/sessions/open').expect(200)).body).toBeNull();
    expect(exited).toBe(exitedSave.sessionId);
  });

  it("answers a set's sync with the rotation and days another device moved meanwhile, as the reads have them", async () => {
    const { agent: phone, user } = await signUp(app);
    const tablet = request.agent(app);
    await tablet.post('/api/login').send({ email: user.email, password: TEST_PASSWORD }).expect(200);
    const outbox = new Outbox(await getDays(phone), Date.now() - HOUR);
    outbox.workout({ dayId: 1, sets: 2, finish: 'open' });
    const [start, firstSet, secondSet] = outbox.operations;
    const before = await sendBatch(phone, [start, firstSet]);
    expect(before.workoutState).toEqual({ cycleCount: 0, nextRecommendedDay: 1 });
    expect(before.openSession).not.toBeNull();

    // The tablet does Day 1 and completes it while the phone's workout is still open.
    const day1 = await getDay(tablet, 1);
    await tablet
      .put('/api/workout-days/1')
      .send({ exercises: completeAll(day1.exercises) })
      .expect(200);
    await tablet.post('/api/workout-days/1/complete').expect(200);

    // The phone's next set: a batch of one save, answered with what the tablet changed.
    const after = await sendBatch(phone, [secondSet]);
    expect(after.results).toMatchObject([{ status: 'applied' }]);
    expect(after.workoutState).toEqual({ cycleCount: 0, nextRecommendedDay: 2 });
    expect(after.workoutState).toEqual(await getState(phone));
    expect(after.workoutDays).toEqual(await getDays(phone));
    expect(after.openSession).toEqual((await phone.get('/api/sessions/open').expect(200)).body);
    expect(after.openSession).toBeNull();
  });

  it('answers the version of the working sets: a working set moves it, a warm-up alone does not', async () => {
    const { agent, days } = await account();
    // The first exercise of Day 1: two warm-ups, then its working set.
    expect(days[0].exercises[0].sets.map((set) => set.type)).toEqual(['warmup', 'warmup', 'working']);
    const outbox = new Outbox(days, Date.now() - HOUR);
    outbox.workout({ dayId: 1, sets: 3, finish: 'open' });

    const versions: (number | undefined)[] = [];
    for (const operation of outbox.operations) versions.push((await sendBatch(agent, [operation])).workingSetsVersion);

    const [started, firstWarmup, secondWarmup, working] = versions;
    expect(started).toEqual(expect.any(Number));
    expect([firstWarmup, secondWarmup]).toEqual([started, started]);
    expect(working).toEqual(expect.any(Number));
    expect(working).not.toBe(started);
    // Undone, the working set moves it again.
    const [, , , workingSave] = outbox.operations as Extract<SyncOperation, { type: 'save' }>[];
    const undone = structuredClone(workingSave);
    undone.opId = `undo-${workingSave.opId}`.slice(0, 64);
    undone.exercises[0].sets[0] = { ...undone.exercises[0].sets[0], completed: false, completedAt: null };
    const afterUndo = (await sendBatch(agent, [undone])).workingSetsVersion;
    expect(afterUndo).not.toBe(working);
  });

  it('accepts saves that carry the whole workout each time (the online autosave shape)', async () => {
    const { agent, days } = await account();
    const outbox = new Outbox(days, Date.now() - 3 * HOUR);
    outbox.workout({ dayId: 1, fullState: true });

    await sendBatch(agent, outbox.operations);

    expect(setsOf(await getProgress(agent))).toEqual(expectedSets(outbox.logged));
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 2 });
  });

  it('leaves a workout synced in the middle open, to be resumed with its sets', async () => {
    const { agent, days } = await account();
    const outbox = new Outbox(days, Date.now() - HOUR);
    const sessionId = outbox.workout({ dayId: 1, sets: 5, finish: 'open' });

    await sendBatch(agent, outbox.operations);

    const open = (await agent.get('/api/sessions/open').expect(200)).body;
    expect(open.id).toBe(sessionId);
    expect(
      open.exercises
        .flatMap((e: { sets: { completed: boolean }[] }) => e.sets)
        .filter((s: { completed: boolean }) => s.completed),
    ).toHaveLength(5);
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 1 });
    // The online start of the same day resumes it.
    expect((await agent.post('/api/sessions/start').send({ dayId: 1 }).expect(200)).body.id).toBe(sessionId);
  });

  it('applies an exit (end) and an un-done set', async () => {
    const { agent, days } = await account();
    const outbox = new Outbox(days, Date.now() - HOUR);
    const sessionId = outbox.workout({ dayId: 1, sets: 3, finish: 'open' });
    // Undo Last Set: the third set is incomplete again.
    const undone = outbox.operations.at(-1) as Extract<SyncOperation, { type: 'save' }>;
    const undo = structuredClone(undone.exercises);
    Object.assign(undo[0].sets[0], { completed: false, completedAt: null });
    outbox.operations.push({ ...undone, opId: 'undo-third-set', at: outbox.tick(), exercises: undo });
    outbox.operations.push({ opId: 'exit-workout', type: 'end', at: outbox.tick(), dayId: 1, sessionId });

    const answer = await sendBatch(agent, outbox.operations);

    expect(statuses(answer.results)).toEqual(applied(outbox.operations.length));
    expect(setsOf(await getProgress(agent))).toEqual(expectedSets(outbox.logged.slice(0, 2)));
    expect((await agent.get('/api/sessions/open').expect(200)).body).toBeNull();
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 1 });
  });

  it('applies a day reset (skip rest) before the workout of that day', async () => {
    const { agent, days } = await account();
    const outbox = new Outbox(days, Date.now() - 2 * HOUR);
    outbox.operations.push({ opId: 'skip-rest-reset', type: 'resetDay', at: outbox.tick(), dayId: 1 });
    outbox.workout({ dayId: 1 });

    const answer = await sendBatch(agent, outbox.operations);

    expect(statuses(answer.results)).toEqual(applied(outbox.operations.length));
    expect(setsOf(await getProgress(agent))).toEqual(expectedSets(outbox.logged));
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 2 });
  });
});

describe('POST /api/sync: exactly once', () => {
  async function syncedOnce() {
    const { agent, days, userId } = await account();
    const outbox = new Outbox(days, Date.now() - 6 * HOUR);
    outbox.workout({ dayId: 1 });
    outbox.workout({ dayId: 2 });
    outbox.workout({ dayId: 3 });
    return { agent, userId, outbox };
  }

  async function expectExactlyTheOutbox(agent: Agent, outbox: Outbox) {
    expect(setsOf(await getProgress(agent))).toEqual(expectedSets(outbox.logged));
    expect(await getState(agent)).toEqual(outbox.expectedState());
  }

  it('answers the same batch sent twice with the first answers, applying nothing again', async () => {
    const { agent, userId, outbox } = await syncedOnce();
    const first = await sendBatch(agent, outbox.operations);
    const stored = await snapshotOf(database, userId);

    const second = await sendBatch(agent, outbox.operations);

    expect(second.results).toEqual(
      first.results.map((result) => ({
        opId: result.opId,
        status: 'duplicate',
        original: { status: 'applied', note: null },
      })),
    );
    expect(await snapshotOf(database, userId)).toEqual(stored);
    await expectExactlyTheOutbox(agent, outbox);
    expect(outbox.expectedState()).toEqual({ cycleCount: 1, nextRecommendedDay: 1 });
  });

  it('finishes a batch cut in the middle (a prefix arrived, then the whole outbox is re-sent)', async () => {
    const { agent, outbox } = await syncedOnce();
    const cut = 17;

    const prefix = await sendBatch(agent, outbox.operations.slice(0, cut));
    const whole = await sendBatch(agent, outbox.operations);

    expect(statuses(prefix.results)).toEqual(applied(cut));
    expect(statuses(whole.results)).toEqual([
      ...Array(cut).fill('duplicate'),
      ...applied(outbox.operations.length - cut),
    ]);
    await expectExactlyTheOutbox(agent, outbox);
  });

  it('applies each operation once when two tabs send the same outbox at the same moment', async () => {
    const { agent, outbox } = await syncedOnce();

    const [tabA, tabB] = await Promise.all([sendBatch(agent, outbox.operations), sendBatch(agent, outbox.operations)]);

    // Every operation is applied by exactly one of the tabs; the other answers it as a duplicate.
    outbox.operations.forEach((_, i) => {
      expect([tabA.results[i].status, tabB.results[i].status].sort()).toEqual(['applied', 'duplicate']);
    });
    await expectExactlyTheOutbox(agent, outbox);
  });

  it('never advances the rotation twice for one session, even when its completion arrives under two operation ids', async () => {
    const { agent, days } = await account();
    const outbox = new Outbox(days, Date.now() - HOUR);
    const sessionId = outbox.workout({ dayId: 1 });
    await sendBatch(agent, outbox.operations);

    const again = await sendBatch(agent, [
      { opId: 'second-complete-op', type: 'complete', at: outbox.tick(), dayId: 1, sessionId },
    ]);

    expect(again.results).toEqual([{ opId: 'second-complete-op', status: 'applied', note: null }]);
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 2 });
    expect(setsOf(await getProgress(agent))).toEqual(expectedSets(outbox.logged));
  });

  it('finishes a completion a crash interrupted after it was claimed, advancing the rotation once', async () => {
    const { agent, days, userId } = await account();
    const outbox = new Outbox(days, Date.now() - HOUR);
    outbox.workout({ dayId: 1 });
    await sendBatch(agent, outbox.operations);
    // As if the process died after claiming the completion: the day, the rotation and the operation's answer are undone.
    const id = new Types.ObjectId(userId);
    const collection = (name: string) => database.connection.collection(name);
    const complete = outbox.operations.at(-1)!;
    await collection('syncoperations').deleteOne({ userId: id, opId: complete.opId });
    await collection('workoutcompletions').updateOne({ userId: id }, { $set: { finished: false } });
    await collection('workoutstates').updateOne({ userId: id }, { $set: { cycleCount: 0, nextRecommendedDay: 1 } });
    await collection('workoutdays').updateOne(
      { userId: id, dayId: 1 },
      { $inc: { round: -1 }, $set: { lastCompleted: null, isCompleted: false } },
    );

    const retried = await sendBatch(agent, outbox.operations);

    expect(retried.results.at(-1)).toEqual({ opId: complete.opId, status: 'applied', note: null });
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 2 });
    expect((await getDay(agent, 1)).lastCompleted).toBe(complete.at);
    expect(setsOf(await getProgress(agent))).toEqual(expectedSets(outbox.logged));
  });

  it('takes over the lock of a batch whose process died (its lease expired)', async () => {
    const { agent, days, userId } = await account();
    await database.connection.collection('synclocks').insertOne({
      userId: new Types.ObjectId(userId),
      holder: 'a dead process',
      expiresAt: new Date(Date.now() - 1000),
    });
    const outbox = new Outbox(days, Date.now() - HOUR);
    outbox.workout({ dayId: 1 });

    const answer = await sendBatch(agent, outbox.operations);

    expect(statuses(answer.results)).toEqual(applied(outbox.operations.length));
    expect(
      await database.connection.collection('synclocks').countDocuments({ userId: new Types.ObjectId(userId) }),
    ).toBe(0);
  });

  it('keeps the answer a batch that took over the lock stored meanwhile for the same operation, and frees the lock', async () => {
    const { agent, days, userId } = await account();
    const outbox = new Outbox(days, Date.now() - HOUR);
    outbox.workout({ dayId: 1 });
    const [start] = outbox.operations;
    const owner = new Types.ObjectId(userId);
    // The other batch answered the start while this one was between its read of the answers and its own storing: this
    // batch's read is made to miss it, as it would have.
    await database.connection.collection('syncoperations').insertOne({
      userId: owner,
      opId: start.opId,
      type: 'start',
      outcome: { status: 'applied', note: 'the other batch', message: null },
      recordedAt: new Date(),
    });
    const realCommand = Db.prototype.command;
    const command = jest.spyOn(Db.prototype, 'command').mockImplementation(function (
      this: Db,
      ...args: Parameters<Db['command']>
    ) {
      const [sent] = args;
      if (sent.find === 'syncoperations') return Promise.resolve({ cursor: { id: 0, firstBatch: [] }, ok: 1 });
      return realCommand.apply(this, args);
    });
    let answer;
    try {
      answer = await sendBatch(agent, outbox.operations);
    } finally {
      command.mockRestore();
    }

    expect(statuses(answer.results)).toEqual(applied(outbox.operations.length));
    const stored = await database.connection.collection('syncoperations').find({ userId: owner }).toArray();
    expect(stored).toHaveLength(outbox.operations.length);
    expect(stored.find((entry) => entry.opId === start.opId)?.outcome).toEqual({
      status: 'applied',
      note: 'the other batch',
      message: null,
    });
    expect(await database.connection.collection('synclocks').countDocuments({ userId: owner })).toBe(0);
    // Sent again, the start is answered with the first answer stored.
    const again = await sendBatch(agent, outbox.operations);
    expect(again.results[0]).toEqual({
      opId: start.opId,
      status: 'duplicate',
      original: { status: 'applied', note: 'the other batch' },
    });
  });
});

describe('POST /api/sync: conflicts never drop sets', () => {
  it('records the sets of a day completed on another device meanwhile, without advancing the rotation again', async () => {
    const { agent, days } = await account();
    const phone = new Outbox(days, Date.now() - 5 * HOUR);
    phone.workout({ dayId: 1 });
    // The tablet, online, does Day 1 and completes it before the phone is back online.
    const day1 = await getDay(agent, 1);
    const tabletSets = completeAll(day1.exercises, Date.now() - 2 * HOUR, 150);
    await agent.put('/api/workout-days/1').send({ exercises: tabletSets }).expect(200);
    await agent.post('/api/workout-days/1/complete').expect(200);

    const answer = await sendBatch(agent, phone.operations);

    expect(answer.results.at(-1)).toEqual({
      opId: phone.operations.at(-1)!.opId,
      status: 'applied',
      note: alreadyCompletedNote('Day 1'),
    });
    expect(answer.results.at(-1)).toMatchObject({
      note: 'Day 1 was already completed on another device; your sets were saved',
    });
    const entries = await getProgress(agent);
    expect(entries).toHaveLength(24);
    expect(setsOf(entries.filter((entry) => entry.sessionId !== null))).toEqual(expectedSets(phone.logged));
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 2 });
    expect(answer.workoutState).toEqual({ cycleCount: 0, nextRecommendedDay: 2 });

    // Day 1's next performance (next cycle) starts blank and never lands on the phone's entries.
    const next = await getDay(agent, 1);
    expect(next.exercises.flatMap((e) => e.sets).some((set) => set.completed)).toBe(false);
  });

  it('records the sets of a workout whose day was reset on another device meanwhile, and says so', async () => {
    const { agent, days } = await account();
    const phone = new Outbox(days, Date.now() - 3 * HOUR);
    phone.workout({ dayId: 1 });
    const cut = 5;
    // The start and a few sets reached the api, then the phone lost the network; the tablet reset Day 1.
    await sendBatch(agent, phone.operations.slice(0, cut));
    await agent.post('/api/workout-days/1/reset').expect(200);

    const answer = await sendBatch(agent, phone.operations);

    expect(answer.results.at(-1)).toMatchObject({ status: 'applied', note: dayResetNote('Day 1') });
    expect(setsOf(await getProgress(agent))).toEqual(expectedSets(phone.logged));
    // The reset started a fresh performance of Day 1: the rotation waits for it.
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 1 });
  });

  it('records the sets of a workout whose session was ended on another device meanwhile, and completes it', async () => {
    const { agent, days } = await account();
    const phone = new Outbox(days, Date.now() - 3 * HOUR);
    const sessionId = phone.workout({ dayId: 1 });
    const cut = 5;
    await sendBatch(agent, phone.operations.slice(0, cut));
    await agent.post(`/api/sessions/${sessionId}/end`).expect(200);

    const answer = await sendBatch(agent, phone.operations);

    expect(answer.results.slice(cut).map((result) => result.status)).toEqual(applied(phone.operations.length - cut));
    expect(answer.results.at(-1)).toMatchObject({ note: null });
    expect(setsOf(await getProgress(agent))).toEqual(expectedSets(phone.logged));
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 2 });
  });

  it('records the sets done after Reset All Progress on another device deleted the workout, and says so', async () => {
    const { agent, days } = await account();
    const phone = new Outbox(days, Date.now() - 3 * HOUR);
    phone.workout({ dayId: 1 });
    const cut = 5;
    await sendBatch(agent, phone.operations.slice(0, cut));
    await agent.post('/api/reset').expect(200);

    const answer = await sendBatch(agent, phone.operations);

    // The first operation that found the session gone explains; the sets from then on are recorded.
    expect(answer.results[cut]).toMatchObject({ status: 'applied', note: progressResetNote() });
    expect(progressResetNote()).toBe('Progress was reset on another device; your sets were saved');
    const synced = phone.logged.slice(cut - 1);
    expect(setsOf(await getProgress(agent))).toEqual(expectedSets(synced));
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 2 });
  });

  it('keeps two devices doing the same day at once apart: neither overwrites the other', async () => {
    const { agent, days } = await account();
    // The tablet is in the middle of Day 1 online.
    const started = (await agent.post('/api/sessions/start').send({ dayId: 1 }).expect(201)).body;
    const tabletSets = completeAll(started.exercises.slice(0, 1), Date.now() - 30 * 60_000, 150);
    await agent.put(`/api/sessions/${started.id}`).send({ exercises: tabletSets }).expect(200);
    // The phone did Day 1 offline and syncs now.
    const phone = new Outbox(days, Date.now() - 3 * HOUR);
    phone.workout({ dayId: 1 });

    await sendBatch(agent, phone.operations);

    const entries = await getProgress(agent);
    expect(setsOf(entries.filter((entry) => entry.sessionId !== started.id))).toEqual(expectedSets(phone.logged));
    expect(entries.filter((entry) => entry.sessionId === started.id)).toHaveLength(3);
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 2 });
  });
});

describe('POST /api/sync: the trial ended while the device was offline', () => {
  /** Day 1 and Day 2 done while the trial ran; Day 3 started 20 minutes before its end and finished after it. */
  async function backlogAcrossTheEnd() {
    const { agent, days, userId } = await account(40, -1);
    const trialEndsAt: string = (await agent.get('/api/subscription/status').expect(200)).body.trialEndsAt;
    const outbox = new Outbox(days, Date.parse(trialEndsAt) - 2 * DAY);
    outbox.workout({ dayId: 1 });
    outbox.tick(24 * 60);
    outbox.workout({ dayId: 2 });
    outbox.tick((Date.parse(trialEndsAt) - 20 * 60_000 - outbox.now) / 60_000);
    outbox.workout({ dayId: 3, minutesPerSet: 5 });
    return { agent, userId, outbox, trialEndsAt };
  }

  it('takes the sets done before access ended; the rest wait (402), unrecorded, in order', async () => {
    const { agent, userId, outbox, trialEndsAt } = await backlogAcrossTheEnd();

    const answer = await sendBatch(agent, outbox.operations);

    const before = outbox.logged.filter((set) => Date.parse(set.date) < Date.parse(trialEndsAt));
    expect(before.length).toBeGreaterThan(24);
    expect(before.length).toBeLessThan(outbox.logged.length);
    expect(setsOf(await storedEntries(database, userId))).toEqual(expectedSets(before));
    // Day 1 and Day 2 completed; Day 3 was not.
    expect(await getState(agent)).toEqual({ cycleCount: 0, nextRecommendedDay: 3 });
    const firstWaiting = answer.results.findIndex((result) => result.status === 'waiting');
    expect(statuses(answer.results)).toEqual([
      ...applied(firstWaiting),
      ...Array(outbox.operations.length - firstWaiting).fill('waiting'),
    ]);
    expect(answer.results[firstWaiting]).toEqual({
      opId: outbox.operations[firstWaiting].opId,
      status: 'waiting',
      httpStatus: 402,
      message: ACCESS_DENIED_MESSAGE,
      acceptedUntil: trialEndsAt,
    });

    // Sent again without an upgrade: the same answers, nothing more recorded.
    const again = await sendBatch(agent, outbox.operations);
    expect(statuses(again.results)).toEqual([
      ...Array(firstWaiting).fill('duplicate'),
      ...statuses(answer.results).slice(firstWaiting),
    ]);
    expect(setsOf(await storedEntries(database, userId))).toEqual(expectedSets(before));
  });

  it('applies the waiting operations after an upgrade', async () => {
    const { agent, userId, outbox } = await backlogAcrossTheEnd();
    await sendBatch(agent, outbox.operations);

    await upgrade(database, userId);
    const after = await sendBatch(agent, outbox.operations);

    expect(after.results.every((result) => result.status === 'duplicate' || result.status === 'applied')).toBe(true);
    expect(setsOf(await storedEntries(database, userId))).toEqual(expectedSets(outbox.logged));
    expect(await getState(agent)).toEqual({ cycleCount: 1, nextRecommendedDay: 1 });
  });

  it('lets an account that never had access log no workout, whatever time its device claims', async () => {
    // A trial of no days: access ended the moment the account was made.
    const { agent, days, userId } = await account(0, 0);
    const before = await snapshotOf(database, userId);
    // A clock up to a day behind is believed for the set times, never for access.
    const outbox = new Outbox(days, Date.now() - 20 * HOUR);
    outbox.workout({ dayId: 1 });

    const answer = await sendBatch(agent, outbox.operations);

    expect(statuses(answer.results)).toEqual(Array(outbox.operations.length).fill('waiting'));
    expect(await snapshotOf(database, userId)).toEqual(before);
  });

  it("after access ended, takes from a device only what it did after its last sync; another device's backlog still counts", async () => {
    const { agent, days, userId } = await account(40, -1);
    const trialEndsAt = Date.parse((await agent.get('/api/subscription/status').expect(200)).body.trialEndsAt);
    // The phone's real backlog, done while the trial ran, synced after it ended.
    const phone = new Outbox(days, trialEndsAt - 3 * DAY);
    phone.workout({ dayId: 1 });
    expect(statuses((await sendBatch(agent, phone.operations)).results)).toEqual(applied(phone.operations.length));
    const recorded = await snapshotOf(database, userId);

    // Then more workouts said to be done before the end: the phone would have sent them with the rest.
    const backdated = new Outbox(days, trialEndsAt - 2 * DAY);
    backdated.workout({ dayId: 2 });
    const refused = await sendBatch(agent, backdated.operations);
    expect(statuses(refused.results)).toEqual(Array(backdated.operations.length).fill('waiting'));
    expect(await snapshotOf(database, userId)).toEqual(recorded);

    // A tablet that was offline since before the end brings its own backlog: its first sync takes it.
    const tablet = request.agent(app);
    await tablet
      .post('/api/login')
      .send({ email: (await agent.get('/api/user').expect(200)).body.email, password: TEST_PASSWORD })
      .expect(200);
    const tabletOutbox = new Outbox(days, trialEndsAt - 2 * DAY);
    tabletOutbox.workout({ dayId: 2 });
    const taken = await sendBatch(tablet, tabletOutbox.operations);
    expect(statuses(taken.results)).toEqual(applied(tabletOutbox.operations.length));
    expect(setsOf(await storedEntries(database, userId))).toEqual(
      expectedSets([...phone.logged, ...tabletOutbox.logged]),
    );

    // After an upgrade, the phone's waiting operations are applied too.
    await upgrade(database, userId);
    expect(statuses((await sendBatch(agent, backdated.operations)).results)).toEqual(
      applied(backdated.operations.length),
    );
  });

  it('takes a backlog longer than one batch after access ended, batch after batch', async () => {
    const { agent, days, userId } = await account(40, -1);
    const trialEndsAt = Date.parse((await agent.get('/api/subscription/status').expect(200)).body.trialEndsAt);
    const outbox = new Outbox(days, trialEndsAt - 14 * DAY);
    while (outbox.operations.length <= MAX_SYNC_OPERATIONS) {
      for (const dayId of [1, 2, 3]) outbox.workout({ dayId });
      outbox.tick(24 * 60);
    }
    expect(outbox.now).toBeLessThan(trialEndsAt);

    const answers = await sendAll(agent, outbox.operations, MAX_SYNC_OPERATIONS);

    expect(answers.flatMap((answer) => statuses(answer.results))).toEqual(applied(outbox.operations.length));
    expect(setsOf(await storedEntries(database, userId))).toEqual(expectedSets(outbox.logged));
  });

  it('keeps a backlog waiting for an upgrade once access ended more than a week ago', async () => {
    const { agent, days, userId } = await account(60, -8);
    const outbox = new Outbox(days, Date.now() - 9 * DAY);
    outbox.workout({ dayId: 1 });
    const before = await snapshotOf(database, userId);

    const answer = await sendBatch(agent, outbox.operations);

    expect(answer.results.every((result) => result.status === 'waiting' && result.acceptedUntil === null)).toBe(true);
    expect(await snapshotOf(database, userId)).toEqual(before);
  });
});

describe('POST /api/sync: refusals', () => {
  it('rejects a malformed operation for good (400, with the reason) and goes on with the next ones', async () => {
    const { agent, days } = await account();
    const outbox = new Outbox(days, Date.now() - HOUR);
    outbox.workout({ dayId: 1, sets: 2, finish: 'end' });
    const bad = { opId: 'bad-operation-1', type: 'lift', at: outbox.tick(), dayId: 1 } as unknown as SyncOperation;
    const operations = [outbox.operations[0], bad, ...outbox.operations.slice(1)];

    const answer = await sendBatch(agent, operations);

    expect(answer.results[1]).toEqual({
      opId: 'bad-operation-1',
      status: 'rejected',
      httpStatus: 400,
      message: 'type: must be one of start, save, complete, end, resetDay',
    });
    expect(statuses(answer.results).filter((status) => status === 'applied')).toHaveLength(operations.length - 1);
    expect(setsOf(await getProgress(agent))).toEqual(expectedSets(outbox.logged));
    // Re-sent, it answers the same refusal.
    const again = await sendBatch(agent, [bad]);
    expect(again.results).toEqual([
      {
        opId: 'bad-operation-1',
        status: 'duplicate',
        original: { status: 'rejected', httpStatus: 400, message: (answer.results[1] as { message: string }).message },
      },
    ]);
  });

  it.each([
    ['in the future', () => new Date(Date.now() + 2 * DAY).toISOString(), `at: ${FUTURE_TIME_MESSAGE}`],
    [
      'before the account was created',
      () => new Date(Date.now() - 30 * DAY).toISOString(),
      `at: ${BEFORE_ACCOUNT_MESSAGE}`,
    ],
  ])('rejects an operation timed %s', async (_case, at, message) => {
    const { agent } = await account(20);
    const op: SyncOperation = {
      opId: 'timed-wrong-1',
      type: 'start',
      at: at(),
      dayId: 1,
      sessionId: new Types.ObjectId().toHexString(),
    };

    const answer = await sendBatch(agent, [op]);

    expect(answer.results).toEqual([{ opId: op.opId, status: 'rejected', httpStatus: 400, message }]);
    expect((await agent.get('/api/sessions/open').expect(200)).body).toBeNull();
  });

  it.each([
    [
      '6 minutes ahead of the server',
      () => new Date(Date.now() + 6 * MINUTE).toISOString(),
      `at: ${FUTURE_TIME_MESSAGE}`,
    ],
    ['in year 1', () => '0001-01-01T00:00:00.000Z', `at: ${SET_TIME_TOO_EARLY_MESSAGE}`],
  ])('rejects an operation timed %s too', async (_case, at, message) => {
    const { agent } = await account(20);
    const op: SyncOperation = {
      opId: 'timed-wrong-2',
      type: 'start',
      at: at(),
      dayId: 1,
      sessionId: new Types.ObjectId().toHexString(),
    };
    expect((await sendBatch(agent, [op])).results).toEqual([
      { opId: op.opId, status: 'rejected', httpStatus: 400, message },
    ]);
  });

  it("takes an operation and a set up to 5 minutes ahead of the server's clock (a phone's clock is not exact)", async () => {
    const { agent, days } = await account(20);
    const outbox = new Outbox(days, Date.now() - 10 * MINUTE);
    outbox.workout({ dayId: 1, sets: 2, finish: 'open', minutesPerSet: 6 });

    const answer = await sendBatch(agent, outbox.operations);

    expect(new Date(outbox.logged[1].date).getTime()).toBeGreaterThan(Date.now());
    expect(statuses(answer.results)).toEqual(applied(outbox.operations.length));
    expect(setsOf(await getProgress(agent))).toEqual(expectedSets(outbox.logged));
  });

  it("leaves out a set whose time cannot be right, records the save's other sets and the operations after it, and says which", async () => {
    const { agent, days } = await account(20);
    const outbox = new Outbox(days, Date.now() - 2 * HOUR);
    const sessionId = outbox.workout({ dayId: 1, sets: 3, finish: 'open' });
    const second = structuredClone(days[0].exercises[1]);
    const future = completed(second.sets[0], 50, 8, new Date(Date.now() + HOUR).toISOString());
    const good = completed(second.sets[1], 60, 8, outbox.tick(3));
    const ancient = completed(second.sets[2], 70, 8, '1970-01-01T00:00:00.000Z');
    const mixed: SyncOperation = {
      opId: 'mixed-times-1',
      type: 'save',
      at: outbox.tick(0),
      dayId: 1,
      sessionId,
      exercises: [{ ...second, sets: [future, good, ancient] }],
    };
    const onlyBad: SyncOperation = {
      opId: 'only-bad-time-1',
      type: 'save',
      at: outbox.tick(0),
      dayId: 1,
      sessionId,
      exercises: [{ ...second, sets: [ancient] }],
    };
    const complete: SyncOperation = { opId: 'after-bad-1', type: 'complete', at: outbox.tick(1), dayId: 1, sessionId };
    const operations = [...outbox.operations, mixed, onlyBad, complete];

    const answer = await sendBatch(agent, operations);

    expect(answer.results.slice(-3)).toEqual([
      {
        opId: 'mixed-times-1',
        status: 'rejected',
        httpStatus: 400,
        message: `exercises.0.sets.0.completedAt: ${FUTURE_TIME_MESSAGE}; the other sets of this save were recorded`,
      },
      {
        opId: 'only-bad-time-1',
        status: 'rejected',
        httpStatus: 400,
        message: `exercises.0.sets.0.completedAt: ${SET_TIME_TOO_EARLY_MESSAGE}`,
      },
      { opId: 'after-bad-1', status: 'applied', note: null },
    ]);
    expect(setsOf(await getProgress(agent))).toEqual(
      expectedSets([
        ...outbox.logged,
        {
          sessionId,
          workoutDayId: 1,
          exerciseId: second.id,
          setId: good.id,
          weight: 60,
          reps: 8,
          date: good.completedAt!,
        },
      ]),
    );
    expect((await getState(agent)).nextRecommendedDay).toBe(2);
    // Sent again, it answers the same refusal and records nothing more.
    const again = await sendBatch(agent, [mixed]);
    expect(again.results).toEqual([
      { opId: 'mixed-times-1', status: 'duplicate', original: expect.objectContaining({ status: 'rejected' }) },
    ]);
    expect(await getProgress(agent)).toHaveLength(outbox.logged.length + 1);
  });

  it('answers a session id another user has exactly as a fresh one, changing nothing of theirs', async () => {
    const owner = await account();
    const ownerOutbox = new Outbox(owner.days, Date.now() - HOUR);
    const taken = ownerOutbox.workout({ dayId: 1, sets: 3, finish: 'open' });
    await sendBatch(owner.agent, ownerOutbox.operations);
    const ownerBefore = await snapshotOf(database, owner.userId);

    /** The lifter's sets, their session named by the role it plays here. */
    const setsUnder = async (agent: Agent, id: string) =>
      setsOf(await getProgress(agent)).map((set) => ({
        ...set,
        sessionId: set.sessionId === id ? 'theirs' : set.sessionId,
      }));
    // Two lifters log the same workout offline: one under an id of its own, one under the id the owner's session has.
    const fresh = await account();
    const other = await account();
    const outbox = new Outbox(fresh.days, Date.now() - HOUR);
    const freshId = outbox.workout({ dayId: 1, sets: 3, finish: 'open' });
    const onTaken = outbox.operations.map((op) =>
      'sessionId' in op && op.sessionId === freshId ? { ...op, sessionId: taken } : op,
    );
    const freshAnswer = await sendBatch(fresh.agent, outbox.operations);
    const otherAnswer = await sendBatch(other.agent, onTaken);

    expect(otherAnswer.results).toEqual(freshAnswer.results);
    expect(statuses(otherAnswer.results)).toEqual(applied(outbox.operations.length));
    // The open workout is known by the id the device made, as the fresh one is.
    expect(freshAnswer.openSession?.id).toBe(freshId);
    expect(otherAnswer.openSession).toEqual({ ...freshAnswer.openSession, id: taken });
    expect(await setsUnder(other.agent, taken)).toEqual(await setsUnder(fresh.agent, freshId));
    // Sent again: the same duplicates.
    expect((await sendBatch(other.agent, onTaken)).results).toEqual(
      (await sendBatch(fresh.agent, outbox.operations)).results,
    );

    // Back online, the workout goes on under the device's id: an autosave and its end, as for the fresh one.
    const exercises = completeAll(fresh.days[0].exercises);
    for (const [agent, id] of [
      [fresh.agent, freshId],
      [other.agent, taken],
    ] as const) {
      const saved = await agent.put(`/api/sessions/${id}`).send({ exercises }).expect(200);
      expect(saved.body.id).toBe(id);
      const ended = await agent.post(`/api/sessions/${id}/end`).expect(200);
      expect([ended.body.id, typeof ended.body.endedAt]).toEqual([id, 'string']);
    }
    expect(await setsUnder(other.agent, taken)).toEqual(await setsUnder(fresh.agent, freshId));
    expect(await snapshotOf(database, owner.userId)).toEqual(ownerBefore);
  });

  it('rejects an operation naming a session of another day', async () => {
    const { agent, days } = await account();
    const outbox = new Outbox(days, Date.now() - HOUR);
    const sessionId = outbox.workout({ dayId: 1, sets: 1, finish: 'open' });
    await sendBatch(agent, outbox.operations);

    const answer = await sendBatch(agent, [
      { opId: 'wrong-day-end', type: 'end', at: outbox.tick(), dayId: 2, sessionId },
    ]);

    expect(answer.results).toEqual([
      { opId: 'wrong-day-end', status: 'rejected', httpStatus: 400, message: "dayId: must be the session's day (1)" },
    ]);
  });

  it.each([
    ['no operations', { operations: [] }, 'operations: must hold at least one operation'],
    ['an operation without an id', { operations: [{ type: 'end' }] }, 'operations.0.opId: must be an operation id'],
    [
      'too many operations',
      { operations: Array.from({ length: MAX_SYNC_OPERATIONS + 1 }, (_, i) => ({ opId: `operation-${i}` })) },
      `operations: must hold at most ${MAX_SYNC_OPERATIONS} operations`,
    ],
    ['an unknown field', { operations: [{ opId: 'operation-1' }], force: true }, 'Request: unknown field "force"'],
  ])('refuses a batch with %s (400), applying nothing', async (_case, body, message) => {
    const { agent, userId } = await account();
    const before = await snapshotOf(database, userId);

    const response = await agent.post('/api/sync').send(body).expect(400);

    expect(response.body).toEqual({ message });
    expect(await snapshotOf(database, userId)).toEqual(before);
  });

  it("refuses an outbox that names another account (409) and applies none of it: one user's sets never land in another's history", async () => {
    const owner = await account();
    const other = await account();
    const outbox = new Outbox(owner.days, Date.now() - HOUR);
    outbox.workout({ dayId: 1 });
    const before = await snapshotOf(database, other.userId);

    const response = await other.agent
      .post('/api/sync')
      .send({ userId: owner.userId, operations: outbox.operations })
      .expect(409);

    expect(response.body).toEqual({ message: SYNC_OTHER_USER_MESSAGE });
    expect(await snapshotOf(database, other.userId)).toEqual(before);
    // Its owner, naming themselves, syncs it.
    const answer = await owner.agent
      .post('/api/sync')
      .send({ userId: owner.userId, operations: outbox.operations })
      .expect(200);
    expect(statuses(answer.body.results)).toEqual(applied(outbox.operations.length));
  });

  it('needs a signed-in user (401)', async () => {
    await request(app)
      .post('/api/sync')
      .send({ operations: [{ opId: 'operation-1' }] })
      .expect(401);
  });
});

describe('POST /api/sync: speed', () => {
  it('syncs a 5-day offline backlog (15 workouts) in under 5 s', async () => {
    const { agent, days } = await account();
    const outbox = new Outbox(days, Date.now() - 5 * DAY);
    for (let workout = 0; workout < 15; workout += 1) {
      outbox.workout({ dayId: (workout % 3) + 1, minutesPerSet: 2 });
      outbox.tick(5 * 60);
    }

    const started = performance.now();
    await sendAll(agent, outbox.operations, MAX_SYNC_OPERATIONS);
    const elapsed = performance.now() - started;

    console.info(
      `sync: ${outbox.operations.length} operations (15 workouts, ${outbox.logged.length} sets) in ${Math.round(elapsed)} ms`,
    );
    expect(setsOf(await getProgress(agent))).toEqual(expectedSets(outbox.logged));
    expect(await getState(agent)).toEqual({ cycleCount: 5, nextRecommendedDay: 1 });
    expect(elapsed).toBeLessThan(5000);
  });
});
