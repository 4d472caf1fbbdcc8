/**
 * Issue #11, load: 100 users at once sign up, do Day 1 with an autosave after every set and finish it, against the
 * real api process (production settings, embedded database journaling to disk). Nothing may be lost or doubled,
 * no answer may be a 5xx, and the latency is measured.
 */
import { ApiClient, LatencyRecorder, quantile } from './client';
import { makeTempDir, startApi, stopAllProcesses, type ApiProcess, type TempDir } from './processes';
import {
  expectedEntries,
  finishWorkout,
  openSession,
  progressOf,
  saveSets,
  setOrder,
  signUp,
  startDay1,
  withSetsDone,
  workoutStateOf,
} from './workout';

const USERS = 100;
/**
 * Sanity bounds, generous for 2 cores shared with other test runs (measured: p99 4 s overall and 1.5 s for
 * autosaves on a quiet machine, 11 s and 3 s next to another busy test process). The overall tail is the sign-ups:
 * each costs a scrypt hash (~50 ms of CPU) and 100 arrive at once. Beyond these, something is stalling (a lock,
 * a retry loop, a timeout), not merely slow.
 */
const P99_BOUND_MS = 20_000;
const AUTOSAVE_P99_BOUND_MS = 10_000;

jest.setTimeout(170_000);

describe('load: 100 users at once', () => {
  let dataDir: TempDir;
  let api: ApiProcess;

  beforeAll(async () => {
    dataDir = await makeTempDir('load');
    // Production settings, but all users share 127.0.0.1: the per-address sign-up limit (20 an hour) is raised as
    // an operator behind a shared NAT would. Sign-in limits stay real (nobody signs in here).
    api = await startApi({ dataDir: dataDir.path, env: { REGISTRATIONS_PER_IP_PER_HOUR: String(USERS) } });
  });

  afterAll(async () => {
    await stopAllProcesses();
    await dataDir?.remove();
  });

  it('records every autosaved set exactly once for every user, answers no 5xx, and keeps p99 latency bounded', async () => {
    const recorder = new LatencyRecorder();
    const start = Date.now() - 3_600_000;

    /** One user's whole workout; throws on any unexpected answer. Returns what their progress must then be. */
    const workout = async (user: number) => {
      const client = new ApiClient(api.baseUrl, recorder);
      await signUp(client, `load${user}`);
      const session = await startDay1(client);
      const total = setOrder(session.exercises).length;
      for (let count = 1; count <= total; count += 1) {
        const saved = await saveSets(client, session, withSetsDone(session, user, count, start));
        if (saved.status !== 200)
          throw new Error(`user ${user}, save of set ${count}: ${saved.status} ${JSON.stringify(saved.body)}`);
      }
      await finishWorkout(client, session, withSetsDone(session, user, total, start));
      return { client, expected: expectedEntries(session, user, total, start) };
    };

    const started = performance.now();
    const results = await Promise.allSettled(Array.from({ length: USERS }, (_, user) => workout(user)));
    const elapsedS = (performance.now() - started) / 1000;

    // Measured over the workout's requests only (the checks below use the same clients).
    const requests = [...recorder.requests];
    const all = requests.map((request) => request.durationMs);
    const autosaves = requests
      .filter((request) => request.method === 'PUT' && request.path.startsWith('/api/sessions/'))
      .map((request) => request.durationMs);
    const p99 = quantile(all, 0.99);
    const autosaveP99 = quantile(autosaves, 0.99);
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    console.log(
      `load: ${USERS} users, ${requests.length} requests in ${elapsedS.toFixed(1)} s, ` +
        `p50 ${ms(quantile(all, 0.5))}, p99 ${ms(p99)}, max ${ms(Math.max(...all))}; ` +
        `autosaves (${autosaves.length}): p50 ${ms(quantile(autosaves, 0.5))}, p99 ${ms(autosaveP99)}`,
    );

    const failures = results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
    if (failures.length)
      throw new Error(
        `${failures.length} users failed:\n${failures.slice(0, 10).join('\n')}\n${api.process.describe()}`,
      );
    expect(requests.filter((request) => request.status >= 500)).toEqual([]);

    // Afterwards, each user's progress is exactly the sets they saved, and Day 1 counts as done.
    for (const result of results) {
      if (result.status !== 'fulfilled') continue;
      const { client, expected } = result.value;
      expect(await progressOf(client)).toEqual(expected);
      expect(await openSession(client)).toBeNull();
      expect(await workoutStateOf(client)).toEqual({ cycleCount: 0, nextRecommendedDay: 2 });
    }

    expect(p99).toBeLessThan(P99_BOUND_MS);
    expect(autosaveP99).toBeLessThan(AUTOSAVE_P99_BOUND_MS);
  });
});
