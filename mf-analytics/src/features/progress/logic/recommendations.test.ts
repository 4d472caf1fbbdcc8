import { entry, nov } from './fixtures';
import { recommendations } from './index';

describe('recommendations: thresholds (docs/product-rules.md, "Recommendations")', () => {
  it.each([
    [1, 'decrease_weight', 'high', 'trending-down'],
    [5, 'decrease_weight', 'high', 'trending-down'],
    [6, 'optimal', 'good', 'check'],
    [10, 'optimal', 'good', 'check'],
    [11, 'increase_weight', 'high', 'trending-up'],
    [15, 'increase_weight', 'high', 'trending-up'],
  ])('%p reps -> %s (%s)', (reps, type, priority, icon) => {
    const [rec] = recommendations([entry({ reps })], 'lbs', 'all');
    expect(rec).toMatchObject({
      type,
      priority,
      icon,
      currentReps: reps,
      currentWeight: 100,
      exercise: 'Leg Press',
      exerciseId: 1,
    });
  });

  it('suggests +5-10 or -2.5-5 in the chosen unit', () => {
    const up = recommendations([entry({ reps: 12, weight: 100, weightUnit: 'lbs' })], 'kg', 'all')[0];
    expect(up.message).toBe('Increase weight');
    expect(up.detail).toContain('5-10 kg');
    expect(up.currentWeight).toBe(45.4);
    const down = recommendations([entry({ reps: 4 })], 'lbs', 'all')[0];
    expect(down.message).toBe('Decrease weight');
    expect(down.detail).toContain('2.5-5 lbs');
  });
});

describe('recommendations: which workout and ordering', () => {
  it("uses each exercise's most recent workout, ignoring warm-ups", () => {
    const recs = recommendations(
      [
        entry({ sessionId: 'old', date: nov(2), reps: 12 }),
        entry({ sessionId: 'new', date: nov(9), reps: 8 }),
        entry({ sessionId: 'new', date: nov(9, '12:05:00'), reps: 20, setType: 'warmup' }),
      ],
      'lbs',
      'all',
    );
    expect(recs).toHaveLength(1);
    expect(recs[0]).toMatchObject({ type: 'optimal', currentReps: 8 });
  });

  it('sorts high before good, then by exercise id, and honours the filter', () => {
    const entries = [
      entry({ exerciseId: 1, reps: 8 }),
      entry({ exerciseId: 2, reps: 4 }),
      entry({ exerciseId: 3, reps: 7 }),
      entry({ exerciseId: 4, reps: 12 }),
    ];
    expect(recommendations(entries, 'lbs', 'all').map((r) => [r.exerciseId, r.priority])).toEqual([
      [2, 'high'],
      [4, 'high'],
      [1, 'good'],
      [3, 'good'],
    ]);
    expect(recommendations(entries, 'lbs', 3).map((r) => r.exerciseId)).toEqual([3]);
    expect(recommendations([], 'lbs', 'all')).toEqual([]);
  });
});
