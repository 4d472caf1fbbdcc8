import { goalProgress, goalWitnesses, projectGoal, type CyclePoint, type GoalTarget } from './goals';
import type { RecordSet } from './records';
import { madeUpSets } from './testing/madeUpSets';

const goal: GoalTarget = { exerciseId: 104, weight: 300, unit: 'lbs', reps: 6, createdAt: '2026-10-01T00:00:00.000Z' };
const set = (fields: Partial<RecordSet>): RecordSet => ({
  exerciseId: 104,
  weight: 250,
  weightUnit: 'lbs',
  reps: 6,
  setType: 'working',
  date: '2026-11-01T10:00:00.000Z',
  ...fields,
});

describe('a goal’s progress', () => {
  it('compares the best estimate with the target’s estimate, as a whole percentage and what is left', () => {
    const progress = goalProgress(goal, [set({ weight: 250, reps: 6 }), set({ weight: 400, setType: 'warmup' })]);
    // Target: 300 × 1.2 = 360; best: 250 × 1.2 = 300.
    expect(progress).toEqual({ targetEstimate: 360, bestEstimate: 300, percent: 83, left: 60, achievedAt: null });
  });

  it('is achieved by the first working set since it was set with the weight for the reps, in any unit', () => {
    const progress = goalProgress(goal, [
      set({ weight: 310, reps: 6, date: '2026-09-01T10:00:00.000Z' }),
      set({ weight: 140, weightUnit: 'kg', reps: 7, date: '2026-11-12T10:00:00.000Z' }),
      set({ weight: 300, reps: 6, date: '2026-11-20T10:00:00.000Z' }),
    ]);
    expect(progress).toMatchObject({ percent: 100, left: 0, achievedAt: '2026-11-12T10:00:00.000Z' });
  });

  it('is not achieved by the weight for fewer reps, however good the estimate', () => {
    expect(goalProgress(goal, [set({ weight: 330, reps: 5 })])).toMatchObject({ achievedAt: null, percent: 99 });
    expect(goalProgress(goal, [])).toMatchObject({ bestEstimate: 0, percent: 0, left: 360 });
  });
});

describe('a goal’s projected date', () => {
  const week = (cycle: number) =>
    new Date(Date.parse('2026-09-01T10:00:00.000Z') + cycle * 7 * 86_400_000).toISOString();
  const points = (estimates: number[]): CyclePoint[] =>
    estimates.map((estimate, i) => ({ cycle: i + 1, estimate, date: week(i + 1) }));

  it.each([
    ['fewer than 3 cycles', points([300, 310]), { kind: 'notEnoughData' }],
    ['a flat trend', points([300, 300, 300]), { kind: 'notOnTrack' }],
    ['a falling trend', points([320, 310, 300, 290]), { kind: 'notOnTrack' }],
    ['a best already there', points([300, 350, 361]), { kind: 'reached' }],
  ])('says so for %s', (_case, cycles, expected) => {
    expect(projectGoal(cycles, 360)).toEqual(expected);
  });

  it('extends the least-squares line of the last 6 cycles at their average length', () => {
    // +10 a cycle from 300 at cycle 1: 350 at cycle 6, so 360 one cycle (a week) later.
    expect(projectGoal(points([300, 310, 320, 330, 340, 350]), 360)).toEqual({
      kind: 'projected',
      cyclesLeft: 1,
      date: week(7),
    });
    // Only the last 6 count: an early outlier is forgotten.
    expect(projectGoal(points([500, 300, 310, 320, 330, 340, 350]), 360)).toMatchObject({
      kind: 'projected',
      cyclesLeft: 1,
    });
  });
});

describe('the witnesses of a goal’s progress', () => {
  const goals: GoalTarget[] = [
    { exerciseId: 101, weight: 80, unit: 'lbs', reps: 6, createdAt: '2024-06-01T00:00:00.000Z' },
    { exerciseId: 102, weight: 40, unit: 'kg', reps: 8, createdAt: '2024-01-01T00:00:00.000Z' },
    { exerciseId: 103, weight: 200, unit: 'lbs', reps: 10, createdAt: '2025-01-01T00:00:00.000Z' },
  ];

  it.each([1, 2, 3, 4, 5, 6])(
    'a goal’s progress over earlier sets’ witnesses and new sets is its progress over all the sets (seed %p)',
    (seed) => {
      const sets = madeUpSets(seed, 400);
      for (const target of goals) {
        for (const cut of [0, 1, 200, 399, 400]) {
          const [earlier, later] = [sets.slice(0, cut), sets.slice(cut)];
          const witnesses = goalWitnesses(target, earlier);
          expect(witnesses.length).toBeLessThanOrEqual(2);
          expect(goalProgress(target, [...witnesses, ...later])).toEqual(goalProgress(target, sets));
        }
      }
    },
  );

  it('are the best set and the first that met the goal, none without a working set of its exercise', () => {
    const best = set({ weight: 320, reps: 8, date: '2026-11-02T10:00:00.000Z' });
    const first = set({ weight: 300, reps: 6, date: '2026-10-15T10:00:00.000Z' });
    const before = set({ weight: 310, reps: 6, date: '2026-09-15T10:00:00.000Z' });
    expect(goalWitnesses(goal, [before, best, first, set({ weight: 400, setType: 'warmup' })])).toEqual([best, first]);
    expect(goalWitnesses(goal, [set({ exerciseId: 101, weight: 500 })])).toEqual([]);
  });
});
