import fc from 'fast-check';
import { Types } from 'mongoose';
import type { SyncOperation, SyncResult } from '@hit/contracts';
import { buildTestApp, signUp, startTestDatabase, type TestDatabase } from './helpers';
import { backdateAccount, expectedSets, Outbox, sendBatch, setsOf, type WorkoutPlan } from './syncOutbox';
import { getDays, getProgress, getState } from './workoutFixtures';

/*
 * Exactly once, as a property (issue #18, item 3): an outbox of 1-3 offline workouts is delivered the way networks
 * and tabs deliver it (prefixes cut anywhere, batches with repeated operations, a resend from the first unanswered
 * operation, two tabs sending at the same moment) and finally in full. However it went, the account ends with
 * exactly the logged sets as progress entries, the rotation advanced once per completed workout, and every
 * operation applied by exactly one answer. SYNC_PROPERTY_RUNS=<n> runs more cases; a failure prints its seed.
 */

const RUNS = Number(process.env.SYNC_PROPERTY_RUNS ?? 20);
const HOUR = 60 * 60 * 1000;

let database: TestDatabase;
let app: ReturnType<typeof buildTestApp>;

beforeAll(async () => {
  database = await startTestDatabase();
  app = buildTestApp(database);
});
afterAll(async () => {
  await database.close();
});

/** One delivery. Positions are fractions of the outbox, so shrinking keeps them meaningful whatever its length. */
type Delivery =
  | { kind: 'prefix'; end: number }
  | { kind: 'prefix with repeats'; end: number; repeats: boolean[] }
  | { kind: 'resend from the first unanswered'; end: number }
  | { kind: 'two tabs'; ends: [number, number] };

const fraction = fc.double({ min: 0, max: 1, noNaN: true });

const delivery: fc.Arbitrary<Delivery> = fc.oneof(
  fc.record({ kind: fc.constant('prefix' as const), end: fraction }),
  fc.record({
    kind: fc.constant('prefix with repeats' as const),
    end: fraction,
    repeats: fc.array(fc.boolean(), { maxLength: 60 }),
  }),
  fc.record({ kind: fc.constant('resend from the first unanswered' as const), end: fraction }),
  fc.record({ kind: fc.constant('two tabs' as const), ends: fc.tuple(fraction, fraction) }),
);

/** 1-3 workouts in rotation order; only the last one may be left in the middle (exited or open). */
const workouts: fc.Arbitrary<WorkoutPlan[]> = fc
  .tuple(
    fc.integer({ min: 1, max: 3 }),
    fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
    fc.option(
      fc.record({ sets: fc.integer({ min: 0, max: 8 }), finish: fc.constantFrom('end' as const, 'open' as const) }),
      { nil: undefined },
    ),
  )
  .map(([count, fullState, unfinished]) =>
    Array.from({ length: count }, (_, i): WorkoutPlan => {
      const last = i === count - 1;
      return { dayId: i + 1, fullState: fullState[i], ...(last && unfinished ? unfinished : {}) };
    }),
  );

describe('POST /api/sync, replayed however the network and the tabs deliver it', () => {
  it('ends with exactly the logged sets and the rotation advanced once per completed workout', async () => {
    await fc.assert(
      fc.asyncProperty(workouts, fc.array(delivery, { maxLength: 6 }), async (plans, deliveries) => {
        const { agent, user } = await signUp(app);
        await backdateAccount(database, user.id, 20, 10);
        const outbox = new Outbox(await getDays(agent), Date.now() - 6 * HOUR);
        for (const plan of plans) outbox.workout(plan);
        const ops = outbox.operations;
        const at = (position: number) => Math.round(position * ops.length);

        const answers: SyncResult[][] = [];
        const answeredIds = new Set<string>();
        /** How many operations from the head of the outbox have their answer (the client drops those). */
        let answered = 0;
        const send = async (batch: SyncOperation[]) => {
          if (batch.length === 0) return;
          const { results } = await sendBatch(agent, batch);
          answers.push(results);
          for (const result of results) answeredIds.add(result.opId);
          while (answered < ops.length && answeredIds.has(ops[answered].opId)) answered += 1;
        };
        for (const step of deliveries) {
          if (step.kind === 'prefix') await send(ops.slice(0, at(step.end)));
          else if (step.kind === 'prefix with repeats') {
            await send(ops.slice(0, at(step.end)).flatMap((op, i) => (step.repeats[i] ? [op, op] : [op])));
          } else if (step.kind === 'resend from the first unanswered')
            await send(ops.slice(answered, Math.max(answered, at(step.end))));
          else {
            const [a, b] = step.ends.map((end) => ops.slice(0, at(end)));
            await Promise.all([send(a), send(b)]);
          }
        }
        await send(ops);

        // Every operation was applied by exactly one answer; every other answer for it was a duplicate.
        const applications = new Map<string, number>();
        for (const result of answers.flat()) {
          expect(['applied', 'duplicate']).toContain(result.status);
          if (result.status === 'applied') applications.set(result.opId, (applications.get(result.opId) ?? 0) + 1);
        }
        expect(ops.filter((op) => applications.get(op.opId) !== 1)).toEqual([]);
        expect(answers.at(-1)!.map((result) => result.opId)).toEqual(ops.map((op) => op.opId));

        expect(setsOf(await getProgress(agent))).toEqual(expectedSets(outbox.logged));
        expect(await getState(agent)).toEqual(outbox.expectedState());
        const userId = new Types.ObjectId(user.id);
        expect(await database.connection.collection('syncoperations').countDocuments({ userId })).toBe(ops.length);
        expect(await database.connection.collection('synclocks').countDocuments({ userId })).toBe(0);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 300_000);
});
