import type { Browser, Page, Request, Response } from 'playwright-core';
import { launchBrowser, openPage, viewports, type WatchedPage } from '../support/browser';
import { e2eEnvironment } from '../support/environment';
import { completeSet, press, signedUpAtHome, skipRest, waitClosely, type ExerciseLog } from '../support/workout';

/**
 * A lifter's request rate (issue #21, item 5; docs/scaling.md): every api request the app makes while a lifter
 * opens it, starts Day 1 and logs its 12 sets, counted by method and path pattern and printed per phase and per
 * minute of gym time. Gym time comes from the spec, not from this test's compressed clock: every set is followed by
 * the 180 s rest timer (3 minutes between exercises too), so a set is 3 minutes of gym time.
 */
const { baseUrl } = e2eEnvironment();

/** The spec's rest after a set (the 180 s timer; 3 minutes between exercises): one set per 3 minutes of gym time. */
const GYM_MINUTES_PER_SET = 3;
/** A page left open looks for a release every 30 minutes (shell/src/pwa/appUpdates.ts). */
const UPDATE_CHECK_MINUTES = 30;
/**
 * The bound a working set's requests must stay within: its autosave (one POST /api/sync, whose answer carries the
 * days, the rotation, the open session and the version of the working sets), then at most one refresh of the records
 * and of the goals (shell/src/sync/useOutboxSync.ts asks them again when that version moved). The 'Last time' hints
 * are not asked again while the workout is open: they are the performance before this one.
 */
const MAX_REQUESTS_PER_WORKING_SET = 1 + 2;
/** A warm-up moves no record and no goal: its autosave alone. */
const MAX_REQUESTS_PER_WARMUP = 1;

const DAY_1: ExerciseLog[] = ['Incline Press', 'Dumbbell Flys', 'Underhand Pulldowns', 'Deadlifts'].map((name) => ({
  name,
  warmups: [
    { weight: 45, reps: 10 },
    { weight: 65, reps: 8 },
  ],
  working: { weight: 100, reps: 8 },
}));
const SETS = DAY_1.length * 3;

interface ApiRequest {
  phase: string;
  /** `GET /api/progress/last-workout/:n/:n`: ids replaced by `:id` (ObjectIds) and `:n` (numbers). */
  call: string;
  /** Answered by the service worker (its own fetch to the api, if any, is counted separately). */
  fromWorker: boolean;
  /** Sent by the service worker itself. */
  byWorker: boolean;
}

function callOf(request: Request): string {
  const pattern = new URL(request.url()).pathname
    .split('/')
    .map((segment) => (/^[0-9a-f]{24}$/.test(segment) ? ':id' : /^\d+$/.test(segment) ? ':n' : segment))
    .join('/');
  return `${request.method()} ${pattern}`;
}

/** The completed sets of the `save` operations in a POST /api/sync body (0 when it carries none). */
function completedSetsSaved(request: Request): number {
  if (request.method() !== 'POST' || !request.url().endsWith('/api/sync')) return 0;
  const body = request.postDataJSON() as {
    operations: { type: string; exercises?: { sets: { completed: boolean }[] }[] }[];
  };
  const saves = body.operations.filter((op) => op.type === 'save');
  return Math.max(
    0,
    ...saves.map(
      (op) => (op.exercises ?? []).flatMap((exercise) => exercise.sets).filter((set) => set.completed).length,
    ),
  );
}

/** Records every /api request of a context (its pages and its service worker), tagged with the current phase. */
function recordApiRequests(watched: WatchedPage) {
  const recorded: ApiRequest[] = [];
  const byRequest = new Map<Request, ApiRequest>();
  let inFlight = 0;
  let lastStart = Date.now();
  let phase = 'before';
  watched.context.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    const entry = { phase, call: callOf(request), fromWorker: false, byWorker: request.serviceWorker() !== null };
    recorded.push(entry);
    byRequest.set(request, entry);
    inFlight += 1;
    lastStart = Date.now();
  });
  const done = async (request: Request) => {
    const entry = byRequest.get(request);
    if (!entry) return;
    inFlight -= 1;
    const response = await request.response().catch(() => null);
    if (response?.fromServiceWorker()) entry.fromWorker = true;
  };
  watched.context.on('requestfinished', done);
  watched.context.on('requestfailed', done);
  return {
    /** The requests that reached the api: the page's own (not answered by the worker) and the worker's. */
    reachedApi: () => recorded.filter((entry) => entry.byWorker || !entry.fromWorker),
    /** The page's requests the service worker answered without them reaching the api. */
    answeredByWorker: () => recorded.filter((entry) => !entry.byWorker && entry.fromWorker),
    setPhase(name: string) {
      phase = name;
      // A phase's requests may start a moment after the action that begins it.
      lastStart = Date.now();
    },
    /** Waits until no api request is in flight and none started for `quietMs`. */
    async settled(quietMs = 1_000) {
      for (;;) {
        if (inFlight === 0 && Date.now() - lastStart >= quietMs) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

/** The POST /api/sync answer that carried set `k` of the workout (a save with at least `k` sets completed). */
function autosaveOf(page: Page, k: number): Promise<Response> {
  return page.waitForResponse((response) => completedSetsSaved(response.request()) >= k, { timeout: 30_000 });
}

function countBy(entries: ApiRequest[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { call } of entries) counts.set(call, (counts.get(call) ?? 0) + 1);
  return counts;
}

const perMinute = (requests: number, minutes: number) => (requests / minutes).toFixed(2);

describe("a lifter's api request rate during a workout", () => {
  let browser: Browser;
  let watched: WatchedPage;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());
  beforeEach(async () => {
    watched = await openPage(browser, baseUrl, viewports.phone);
  });
  afterEach(() => watched.context.close());

  it(`autosaves every set of Day 1 with at most ${MAX_REQUESTS_PER_WORKING_SET} api requests per working set and ${MAX_REQUESTS_PER_WARMUP} per warm-up, and prints the rate per gym minute`, async () => {
    const { page } = watched;
    const recorder = recordApiRequests(watched);

    recorder.setPhase('sign up');
    await signedUpAtHome(page);
    await recorder.settled();

    // A returning lifter opens the app at the gym.
    recorder.setPhase('open app');
    await page.goto('/home');
    await waitClosely(page.getByRole('button', { name: 'Start Workout' }));
    await recorder.settled();

    // The tab coming back (the lifter looked at another app): what each return costs.
    recorder.setPhase('tab shown');
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await recorder.settled();

    recorder.setPhase('start');
    await press(page.getByRole('button', { name: 'Start Workout' }));
    await page.getByRole('button', { name: 'Exit' }).waitFor();
    await recorder.settled();

    const autosaves: { set: number; warmup: boolean; status: number; results: string[] }[] = [];
    let k = 0;
    for (const { name, warmups, working } of DAY_1) {
      for (const [heading, logged] of [
        ['Warm-up 1', warmups[0]],
        ['Warm-up 2', warmups[1]],
        ['Working Set', working],
      ] as const) {
        k += 1;
        recorder.setPhase(`set ${k}`);
        const answered = autosaveOf(page, k);
        await completeSet(page, name, heading, logged);
        const response = await answered;
        const body = (await response.json()) as { results: { status: string }[] };
        autosaves.push({
          set: k,
          warmup: heading !== 'Working Set',
          status: response.status(),
          results: body.results.map((result) => result.status),
        });
        // The rest timer follows every set but an exercise's last (skipped here: its 3 minutes are counted below).
        if (heading !== 'Working Set') await skipRest(page);
        // The last set completes the workout: what follows is the finish.
        if (k < SETS) await recorder.settled();
      }
    }

    recorder.setPhase('finish');
    await waitClosely(page.getByText('Workout Complete!'));
    await page.getByText('Progress saved').waitFor();
    await press(page.getByRole('button', { name: 'Return to Home' }));
    await page.getByText('Next: Day 2').first().waitFor();
    await recorder.settled();

    const requests = recorder.reachedApi();
    const phases = ['sign up', 'open app', 'tab shown', 'start', ...autosaves.map(({ set }) => `set ${set}`), 'finish'];
    const inPhase = (phase: string) => requests.filter((entry) => entry.phase === phase);
    const perSet = autosaves.map(({ set }) => inPhase(`set ${set}`).length);

    // The rate, in gym time.
    const gymMinutes = SETS * GYM_MINUTES_PER_SET;
    const setRequests = perSet.reduce((sum, count) => sum + count, 0);
    const workout = ['start', ...autosaves.map(({ set }) => `set ${set}`), 'finish'].flatMap(inPhase);
    const visit = [...inPhase('open app'), ...workout];
    const updateChecks = (gymMinutes / UPDATE_CHECK_MINUTES) * inPhase('tab shown').length;
    const lines = [
      `A lifter's api requests, Day 1 (${SETS} sets, one every ${GYM_MINUTES_PER_SET} min of gym time: ${gymMinutes} min):`,
      ...phases.map((phase) => {
        const counts = [...countBy(inPhase(phase))].map(([call, n]) => `${n}× ${call}`).join(', ');
        const worker = recorder.answeredByWorker().filter((entry) => entry.phase === phase);
        const byWorker = worker.length
          ? ` (+ ${worker.map(({ call }) => call).join(', ')} answered by the worker)`
          : '';
        return `  ${phase.padEnd(10)} ${String(inPhase(phase).length).padStart(2)}  ${counts}${byWorker}`;
      }),
      `  per set: ${(setRequests / SETS).toFixed(2)} (max ${Math.max(...perSet)}) → ${perMinute(setRequests, gymMinutes)} req/min while logging`,
      `  workout (start + sets + finish): ${workout.length} → ${perMinute(workout.length, gymMinutes)} req/min`,
      `  visit (open app + workout): ${visit.length}, + ${updateChecks.toFixed(1)} update check(s) of a page left open → ` +
        `${perMinute(visit.length + updateChecks, gymMinutes)} req/min of gym time`,
      `  mix over the visit: ${[...countBy(visit)].map(([call, n]) => `${call} ${n}`).join(', ')}`,
      `  answered by the service worker (not counted): ${recorder.answeredByWorker().length}`,
    ];
    console.log(lines.join('\n'));

    // Every set's autosave reached the api and was applied.
    expect(autosaves.map(({ set }) => set)).toEqual(Array.from({ length: SETS }, (_, i) => i + 1));
    for (const autosave of autosaves) {
      expect(autosave).toMatchObject({ status: 200, results: expect.arrayContaining(['applied']) });
    }

    // Each working set: its autosave, and at most one refresh of each read on the workout screen; a warm-up: its
    // autosave alone.
    const overBound = autosaves.flatMap(({ set, warmup }, i) =>
      perSet[i] > (warmup ? MAX_REQUESTS_PER_WARMUP : MAX_REQUESTS_PER_WORKING_SET)
        ? [`set ${set}${warmup ? ' (warm-up)' : ''}: ${perSet[i]}`]
        : [],
    );
    expect(overBound).toEqual([]);
    const withoutSync = autosaves
      .map(({ set }) => `set ${set}`)
      .filter((phase) => !inPhase(phase).some(({ call }) => call === 'POST /api/sync'));
    expect(withoutSync).toEqual([]);
  }, 240_000);
});
