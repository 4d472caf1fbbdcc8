import { entry, nov } from './fixtures';
import { formatSigned, recentComparison, summarize } from './index';

describe('summarize (docs/product-rules.md, "Charts and summary")', () => {
  it('counts working sets, averages converted weight and reps, and gives the change earliest -> latest', () => {
    const entries = [
      entry({ date: nov(2), weight: 100, reps: 8 }),
      entry({ date: nov(4), weight: 50, weightUnit: 'kg', reps: 6 }), // 110.231 lbs
      entry({ date: nov(6), weight: 105, reps: 10 }),
      entry({ date: nov(7), weight: 300, reps: 3, setType: 'warmup' }), // ignored
    ];
    expect(summarize(entries, 'lbs', 'all')).toEqual({
      totalWorkingSets: 3,
      avgWeight: 105.1,
      avgReps: 8,
      weightChange: 5,
    });
    expect(summarize(entries, 'kg', 1).weightChange).toBe(2.3); // 45.3592 -> 47.62716
  });

  it('uses time order, not input order', () => {
    const entries = [entry({ date: nov(9), weight: 90 }), entry({ date: nov(2), weight: 100 })];
    expect(summarize(entries, 'lbs', 1).weightChange).toBe(-10);
  });

  it("sums per-exercise changes for 'all' and ignores single-set exercises", () => {
    const entries = [
      entry({ exerciseId: 1, date: nov(2), weight: 100 }),
      entry({ exerciseId: 2, date: nov(3), weight: 40 }),
      entry({ exerciseId: 1, date: nov(9), weight: 110 }),
      entry({ exerciseId: 2, date: nov(10), weight: 37.5 }),
      entry({ exerciseId: 3, date: nov(10), weight: 200 }),
    ];
    expect(summarize(entries, 'lbs', 'all').weightChange).toBe(7.5);
    expect(summarize(entries, 'lbs', 2).weightChange).toBe(-2.5);
  });

  it('has no weight change with fewer than 2 entries, and zeros without any', () => {
    expect(summarize([entry()], 'lbs', 'all')).toEqual({
      totalWorkingSets: 1,
      avgWeight: 100,
      avgReps: 8,
      weightChange: null,
    });
    expect(summarize([], 'kg', 'all')).toEqual({ totalWorkingSets: 0, avgWeight: 0, avgReps: 0, weightChange: null });
    expect(summarize([entry(), entry({ exerciseId: 2 })], 'lbs', 'all').weightChange).toBeNull();
  });

  it('formats the change signed with one decimal', () => {
    const [up, down, flat] = [
      [entry({ date: nov(2), weight: 100 }), entry({ date: nov(4), weight: 102.5 })],
      [entry({ date: nov(2), weight: 100 }), entry({ date: nov(4), weight: 99 })],
      [entry({ date: nov(2), weight: 100 }), entry({ date: nov(4), weight: 100 })],
    ].map((e) => formatSigned(summarize(e, 'lbs', 'all').weightChange ?? 0));
    expect([up, down, flat]).toEqual(['+2.5', '-1.0', '0.0']);
  });
});

describe('recentComparison: 2 latest per exercise (docs/product-rules.md, "Charts and summary")', () => {
  it('keeps the 2 latest working entries per exercise, newest first', () => {
    const a1 = entry({ exerciseId: 1, date: nov(2), weight: 100 });
    const a2 = entry({ exerciseId: 1, date: nov(4), weight: 105 });
    const a3 = entry({ exerciseId: 1, date: nov(6), weight: 110 });
    const aWarm = entry({ exerciseId: 1, date: nov(8), setType: 'warmup' });
    const b1 = entry({ exerciseId: 2, date: nov(3), weight: 40 });
    const recent = recentComparison([a3, a1, b1, aWarm, a2]);
    expect([...recent.keys()].sort()).toEqual([1, 2]);
    expect(recent.get(1)).toEqual([a3, a2]);
    expect(recent.get(2)).toEqual([b1]);
    expect(recentComparison([]).size).toBe(0);
  });
});
