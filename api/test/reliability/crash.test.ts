/**
 * Issue #11, crash safety: the api with its embedded database in-process (no MONGODB_URI, files in DATA_DIR) is
 * killed with SIGKILL in the middle of workouts, while saves are in flight. After a restart on the same DATA_DIR
 * every save that was answered 200 is there, the users are still signed in, and the workouts resume and finish.
 */
import type { Session } from '@hit/contracts';
import { ApiClient } from './client';
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

/** Four users (the real sign-up limit, 20 an hour per address, applies), lifting at the same time. */
const USERS = 4;
/** Sets every user has saved, one by one, before the crash phase. */
const SAVED_BEFORE = 3;
/** The process is killed when this many saves of the crash phase have been answered: mid-workout for everyone. */
const KILL_AFTER_ACKS = 8;

// Three starts of a real process, compiled on load.
jest.setTimeout(120_000);

interface Lifter {
  user: number;
  email: string;
  client: ApiClient;
  session: Session;
  /** Sets in the newest save answered 200 (each save carries every set so far). */
  acknowledged: number;
  /** Sets in a save that was sent and never answered, if any: it may or may not have been applied. */
  unanswered?: number;
}

describe('crash safety: SIGKILL during workouts', () => {
  let dataDir: TempDir;
  const start = Date.now() - 3_600_000;

  beforeAll(async () => {
    dataDir = await makeTempDir('crash');
  });

  afterAll(async () => {
    await stopAllProcesses();
    await dataDir?.remove();
  });

  const restart = async (lifters: Lifter[]): Promise<ApiProcess> => {
    const api = await startApi({ dataDir: dataDir.path });
    // The same users, the same cookies: only the address changes (a new free port).
    for (const lifter of lifters) lifter.client.baseUrl = api.baseUrl;
    return api;
  };

  it('keeps every acknowledged set, the sign-ins and the open sessions, and the workouts resume', async () => {
    let api = await startApi({ dataDir: dataDir.path });
    const lifters: Lifter[] = [];
    for (let user = 0; user < USERS; user += 1) {
      const client = new ApiClient(api.baseUrl);
      const email = await signUp(client, `crash${user}`);
      lifters.push({ user, email, client, session: await startDay1(client), acknowledged: 0 });
    }
    const total = setOrder(lifters[0].session.exercises).length;

    const save = async (lifter: Lifter, count: number) => {
      const response = await saveSets(
        lifter.client,
        lifter.session,
        withSetsDone(lifter.session, lifter.user, count, start),
      );
      if (response.status !== 200)
        throw new Error(`save of ${count} sets: ${response.status} ${JSON.stringify(response.body)}`);
      lifter.acknowledged = count;
    };
    for (const lifter of lifters) {
      for (let count = 1; count <= SAVED_BEFORE; count += 1) await save(lifter, count);
    }

    // Everyone keeps lifting, one save in flight per user as the client's autosave does; the KILL_AFTER_ACKS-th
    // answer pulls the plug while the others' saves are on their way or being written.
    let acks = 0;
    let killed = false;
    let inFlightAtKill = -1;
    const inFlight = new Set<Lifter>();
    const lift = async (lifter: Lifter) => {
      for (let count = SAVED_BEFORE + 1; count <= total; count += 1) {
        inFlight.add(lifter);
        const exercises = withSetsDone(lifter.session, lifter.user, count, start);
        const response = await saveSets(lifter.client, lifter.session, exercises).catch((error: unknown) => {
          // No answer at all (connection refused or reset) is expected only once the process is gone.
          if (!killed) throw error;
          return undefined;
        });
        inFlight.delete(lifter);
        if (!response) {
          lifter.unanswered = count;
          return;
        }
        // Any answer that did arrive, even after the kill signal, is an acknowledgement the server must keep.
        if (response.status !== 200)
          throw new Error(`save of ${count} sets: ${response.status} ${JSON.stringify(response.body)}`);
        lifter.acknowledged = count;
        acks += 1;
        if (acks === KILL_AFTER_ACKS) {
          inFlightAtKill = inFlight.size;
          killed = true;
          api.process.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(lifters.map(lift));
    await api.process.kill();
    expect(api.process.child.signalCode).toBe('SIGKILL');
    // The crash happened with saves on their way, and before anyone had finished.
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(lifters.every((lifter) => lifter.acknowledged < total)).toBe(true);

    api = await restart(lifters);
    for (const lifter of lifters) {
      const { client, session, user, acknowledged, unanswered } = lifter;
      // Sessions live in the database: the cookie from before the crash still signs the user in.
      expect(await client.expect(200, 'GET', '/api/user')).toMatchObject({ email: lifter.email });

      // Every acknowledged set is there, once, as saved; the unanswered save's set may or may not be.
      const possible = unanswered === undefined ? [acknowledged] : [acknowledged, unanswered];
      const progress = await progressOf(client);
      expect(possible).toContain(progress.length);
      expect(progress).toEqual(expectedEntries(session, user, progress.length, start));

      // The open session holds the same sets, and starting the day again resumes it.
      const open = await openSession(client);
      expect(open?.id).toBe(session.id);
      const done = open!.exercises.flatMap((exercise) => exercise.sets).filter((set) => set.completed).length;
      expect(possible).toContain(done);
      expect(open!.exercises).toEqual(withSetsDone(session, user, done, start));
      expect((await startDay1(client, 200)).id).toBe(session.id);

      // The workout goes on from where the server says it stopped, and finishes.
      for (let count = done + 1; count <= total; count += 1) await save(lifter, count);
      await finishWorkout(client, session, withSetsDone(session, user, total, start));
    }

    // A crash right after the last completion, and right after a sign-up, was answered loses nothing of them.
    const newcomer = new ApiClient(api.baseUrl);
    const newcomerEmail = await signUp(newcomer, 'crash-newcomer');
    await api.process.kill();
    api = await restart(lifters);
    for (const { client, session, user } of lifters) {
      expect(await progressOf(client)).toEqual(expectedEntries(session, user, total, start));
      expect(await openSession(client)).toBeNull();
      expect(await workoutStateOf(client)).toEqual({ cycleCount: 0, nextRecommendedDay: 2 });
    }
    newcomer.baseUrl = api.baseUrl;
    expect(await newcomer.expect(200, 'GET', '/api/user')).toMatchObject({ email: newcomerEmail });
    await api.process.stop();
  });
});
