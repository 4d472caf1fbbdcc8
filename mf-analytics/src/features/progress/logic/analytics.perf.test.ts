/**
 * @jest-environment node
 */
import type { ProgressEntry } from '@hit/contracts';
import { deriveAnalytics } from './index';

/**
 * 5 years, 3 days a week (Mon/Wed/Fri, days 1-2-3), 12 exercises (4 per day): 780 sessions,
 * filled round-robin up to exactly 30,000 sets, mixing units, spellings, warm-ups and sessions
 * with and without sessionId.
 */
function generate(total: number): ProgressEntry[] {
  const sessions = 5 * 52 * 3;
  const start = Date.parse('2021-11-01T07:00:00.000Z');
  const setTypes = ['warmup', 'working', 'Working', 'work', 'WORK'];
  const entries: ProgressEntry[] = [];
  for (let s = 0; s < sessions; s++) {
    // 38 or 39 sets per session, spread so that the total is exact.
    const perSession = Math.floor(((s + 1) * total) / sessions) - Math.floor((s * total) / sessions);
    const week = Math.floor(s / 3);
    const day = (s % 3) + 1;
    const sessionStart = start + (week * 7 + (day - 1) * 2) * 86_400_000;
    for (let i = 0; i < perSession; i++) {
      const exerciseId = (day - 1) * 4 + (i % 4) + 1;
      const kg = (s + i) % 4 === 0;
      entries.push({
        // Sets without a sessionId are grouped by minute, so each session's sets share one minute.
        date: new Date(sessionStart + i * 1_000).toISOString(),
        sessionId: s % 2 === 0 ? `session-${s}` : null,
        workoutDayId: day,
        exerciseId,
        exerciseName: `Exercise ${exerciseId}`,
        weight: kg ? 40 + week * 0.1 : 90 + week * 0.2,
        weightUnit: kg ? 'kg' : 'lbs',
        reps: 4 + ((s * 7 + i) % 9),
        setType: setTypes[i % setTypes.length] as ProgressEntry['setType'],
      });
    }
  }
  return entries;
}

const fastest = (times: number[]) => Math.min(...times);

/**
 * The analytics screen's budget is 50 ms for 30,000 entries (docs/architecture.md, "Performance budgets"), measured by
 * `npm run bench` on a quiet machine. Inside `npm test` other jest workers and a browser share the two cores, so
 * absolute times here swing by 3-4x from run to run. This guard is a ratio instead: derivation against a baseline that
 * any derivation must at least do (parse every date and sort), measured interleaved in the same runs, so load slows
 * both alike. A change that makes the derivation quadratic, or re-parses per chart, breaks the ratio whatever the load.
 * Each side counts its fastest run, not its median: load and garbage collection only ever add time, and they hit the
 * longer derivation more often than the short baseline (a median ratio of 4.28 under a CI run's load, 1.3 quietly), so
 * the fastest run is the one that measures the code.
 */
describe('deriveAnalytics performance', () => {
  it('derives 30,000 entries in at most 4x the time of parsing and sorting them (2x when only the unit changes)', () => {
    const entries = generate(30_000);
    expect(entries).toHaveLength(30_000);

    const result = deriveAnalytics(entries.slice(), 'kg', 'all'); // warm-up
    expect(result.sessions).toHaveLength(780);
    expect(result.rows).toHaveLength(260);
    expect(result.exercises).toHaveLength(12);
    expect(result.points).toHaveLength(result.summary.totalWorkingSets);
    expect(result.summary.totalWorkingSets).toBe(entries.filter((e) => e.setType !== 'warmup').length);

    const baseline: number[] = [];
    const fresh: number[] = [];
    const sameArray: number[] = [];
    for (let run = 0; run < 11; run++) {
      const forBaseline = entries.slice();
      const forDerivation = entries.slice();
      let start = performance.now();
      forBaseline.map((entry) => ({ entry, time: Date.parse(entry.date) })).sort((a, b) => a.time - b.time);
      baseline.push(performance.now() - start);
      // A fresh array (new query data): everything is computed.
      start = performance.now();
      deriveAnalytics(forDerivation, 'kg', 'all');
      fresh.push(performance.now() - start);
      // The same array with another unit or filter, as the screen does on a change (parsing and grouping reused).
      start = performance.now();
      deriveAnalytics(forDerivation, run % 2 ? 'lbs' : 'kg', run % 3 ? 'all' : 5);
      sameArray.push(performance.now() - start);
    }
    const base = fastest(baseline);
    const report = (times: number[]) => `${fastest(times).toFixed(1)} ms (${(fastest(times) / base).toFixed(2)}x)`;
    console.log(
      `30,000 entries, fastest of 11: parse and sort ${base.toFixed(1)} ms; derive fresh ${report(fresh)}; derive again ${report(sameArray)}`,
    );
    expect(fastest(fresh) / base).toBeLessThanOrEqual(4);
    expect(fastest(sameArray) / base).toBeLessThanOrEqual(2);
  });
});
