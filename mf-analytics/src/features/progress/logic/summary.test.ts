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

  describe("'All Exercises': latest minus earliest entry of the filter, whichever lifts they are", () => {
    const entries = [
      entry({ exerciseId: 1, date: nov(2), weight: 100 }),
      entry({ exerciseId: 2, date: nov(3), weight: 40 }),
      entry({ exerciseId: 1, date: nov(9), weight: 110 }),
      entry({ exerciseId: 2, date: nov(10), weight: 37.5 }),
      entry({ exerciseId: 3, date: nov(10), weight: 118 }), // same time as the row before: the later exercise
    ];
    it.each([
      // Not the sum of each lift's own change (+10 - 2.5 = +7.5).
      ['all', 'lbs', 18],
      ['all', 'kg', 8.2], // 45.3592 kg -> 53.5239 kg
      [1, 'lbs', 10],
      [2, 'lbs', -2.5],
      // A single entry of the filter: no change.
      [3, 'lbs', null],
    ] as const)('filter %s in %s gives %s', (filter, unit, change) => {
      expect(summarize(entries, unit, filter).weightChange).toBe(change);
    });

    it("reads sets saved at one instant in the day's exercise order, whatever order they arrive in", () => {
      const atOnce = [
        entry({ exerciseId: 102, date: nov(2), weight: 100 }),
        entry({ exerciseId: 101, date: nov(2), weight: 60 }),
        entry({ exerciseId: 102, date: nov(9), weight: 110 }),
        entry({ exerciseId: 101, date: nov(9), weight: 70 }),
      ];
      // Earliest: exercise 101 of Nov 2 (60); latest: exercise 102 of Nov 9 (110).
      expect(summarize(atOnce, 'lbs', 'all').weightChange).toBe(50);
      expect(summarize([...atOnce].reverse(), 'lbs', 'all').weightChange).toBe(50);
    });

    it("reads a workout's sets before the next workout's, even where their times overlap", () => {
      // An import spaces a workout's sets a second apart from its start: workout 'a', started first, runs past the
      // start of 'b'. The latest entry is the last of 'b', the later workout, not the last second of 'a'.
      const overlapping = [
        entry({ sessionId: 'a', workoutDayId: 1, exerciseId: 101, date: nov(2, '12:00:01'), weight: 100 }),
        entry({ sessionId: 'b', workoutDayId: 2, exerciseId: 201, date: nov(2, '12:00:02'), weight: 60 }),
        entry({ sessionId: 'b', workoutDayId: 2, exerciseId: 202, date: nov(2, '12:00:03'), weight: 60 }),
        entry({ sessionId: 'a', workoutDayId: 1, exerciseId: 102, date: nov(2, '12:00:05'), weight: 110 }),
      ];
      expect(summarize(overlapping, 'lbs', 'all').weightChange).toBe(-40);
      expect(summarize(overlapping, 'lbs', 101).weightChange).toBeNull();
    });

    it('has a change as soon as the filter holds two entries, even of two lifts each logged once', () => {
      const twoLifts = [
        entry({ exerciseId: 1, date: nov(2), weight: 140, weightUnit: 'kg' }),
        entry({ exerciseId: 2, date: nov(4), weight: 150, weightUnit: 'kg' }),
      ];
      expect(summarize(twoLifts, 'kg', 'all').weightChange).toBe(10);
      expect(summarize(twoLifts, 'kg', 1).weightChange).toBeNull();
    });
  });

  it('has no weight change with fewer than 2 entries, and zeros without any', () => {
    expect(summarize([entry()], 'lbs', 'all')).toEqual({
      totalWorkingSets: 1,
      avgWeight: 100,
      avgReps: 8,
      weightChange: null,
    });
    expect(summarize([], 'kg', 'all')).toEqual({ totalWorkingSets: 0, avgWeight: 0, avgReps: 0, weightChange: null });
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
