import { entry, nov } from './fixtures';
import { exerciseRecords } from './index';

describe('exerciseRecords (docs/product-rules.md, "Personal records")', () => {
  const entries = [
    entry({ date: nov(2), exerciseId: 1, exerciseName: 'Squat', weight: 200, reps: 6 }),
    entry({ date: nov(2, '12:05:00'), exerciseId: 1, exerciseName: 'Squat', weight: 300, reps: 3, setType: 'warmup' }),
    entry({ date: nov(4), exerciseId: 2, exerciseName: 'Row', weight: 60, weightUnit: 'kg', reps: 8 }),
    entry({ date: nov(9), exerciseId: 1, exerciseName: 'Squat', weight: 190, reps: 10 }),
  ];

  it("gives each exercise's heaviest working set and best estimated 1RM, with their dates, in the unit asked for", () => {
    expect(exerciseRecords(entries, 'lbs', 'all')).toEqual([
      {
        exerciseId: 1,
        exerciseName: 'Squat',
        heaviest: { weight: 200, reps: 6, date: nov(2) },
        // 190 × (1 + 10/30) = 253.3 beats 200 × 1.2 = 240; the warm-up's 300 counts for nothing.
        bestEstimate: { weight: 190, reps: 10, date: nov(9), estimate: 253.3 },
      },
      {
        exerciseId: 2,
        exerciseName: 'Row',
        heaviest: { weight: 132.3, reps: 8, date: nov(4) },
        bestEstimate: { weight: 132.3, reps: 8, date: nov(4), estimate: 167.6 },
      },
    ]);
    const kg = exerciseRecords(entries, 'kg', 'all');
    expect(kg.map((r) => [r.heaviest.weight, r.bestEstimate.estimate])).toEqual([
      [90.7, 114.9],
      [60, 76],
    ]);
  });

  it('follows the exercise filter', () => {
    expect(exerciseRecords(entries, 'lbs', 2).map((r) => r.exerciseName)).toEqual(['Row']);
    expect(exerciseRecords(entries, 'lbs', 99)).toEqual([]);
    expect(exerciseRecords([], 'lbs', 'all')).toEqual([]);
  });
});
