import { entry, nov } from './fixtures';
import { chartPoints, cycleRows, exerciseOptions } from './index';

describe('chartPoints', () => {
  const entries = [
    entry({
      sessionId: 'b',
      date: nov(4),
      exerciseId: 2,
      exerciseName: 'Chest Press',
      weight: 50,
      weightUnit: 'kg',
      reps: 9,
      workoutDayId: 2,
    }),
    entry({ sessionId: 'a', date: nov(2), exerciseId: 1, weight: 100, weightUnit: 'lbs', reps: 8 }),
    entry({ sessionId: 'a', date: nov(2, '12:05:00'), exerciseId: 1, setType: 'warmup' }),
    entry({ sessionId: 'c', date: nov(6), exerciseId: 1, weight: 110, reps: 7, workoutDayId: 3 }),
  ];

  it('makes one point per working entry, ordered by time, with session numbers and converted weights', () => {
    const points = chartPoints(entries, 'kg', 'all');
    expect(points.map((p) => [p.session, p.exerciseId, p.weight, p.reps])).toEqual([
      [1, 1, 45.4, 8],
      [2, 2, 50, 9],
      [3, 1, 49.9, 7],
    ]);
    expect(points[0]).toMatchObject({
      dateLabel: 'Nov 2',
      fullDate: 'Nov 2, 2026',
      timestamp: Date.parse(nov(2)),
      exerciseName: 'Leg Press',
      originalWeight: 100,
      originalUnit: 'lbs',
    });
  });

  it('filters by exercise and keeps the overall session number', () => {
    const points = chartPoints(entries, 'lbs', 1);
    expect(points.map((p) => [p.session, p.weight])).toEqual([
      [1, 100],
      [3, 110],
    ]);
    expect(chartPoints(entries, 'lbs', 2).map((p) => p.weight)).toEqual([110.2]);
    expect(chartPoints(entries, 'lbs', 99)).toEqual([]);
  });
});

describe('cycleRows: heaviest entry per cycle and exercise (docs/product-rules.md, "Charts and summary")', () => {
  const entries = [
    // Cycle 1: day 1, 2, 3
    entry({ sessionId: 's1', date: nov(2), workoutDayId: 1, exerciseId: 1, weight: 100, weightUnit: 'lbs' }),
    entry({ sessionId: 's1', date: nov(2, '12:10:00'), workoutDayId: 1, exerciseId: 1, weight: 50, weightUnit: 'kg' }), // 110.2 lbs: heaviest
    entry({
      sessionId: 's2',
      date: nov(4),
      workoutDayId: 2,
      exerciseId: 2,
      exerciseName: 'Row',
      weight: 60,
      weightUnit: 'kg',
    }),
    entry({ sessionId: 's3', date: nov(6), workoutDayId: 3, exerciseId: 1, weight: 105, weightUnit: 'lbs' }),
    entry({
      sessionId: 's3',
      date: nov(6, '12:10:00'),
      workoutDayId: 3,
      exerciseId: 1,
      weight: 300,
      setType: 'warmup',
    }), // ignored
    // Cycle 2: day 1 again
    entry({ sessionId: 's4', date: nov(9), workoutDayId: 1, exerciseId: 1, weight: 52, weightUnit: 'kg' }),
    entry({
      sessionId: 's4',
      date: nov(9, '12:10:00'),
      workoutDayId: 1,
      exerciseId: 1,
      weight: 112,
      weightUnit: 'lbs',
    }), // 50.8 kg < 52 kg
  ];

  it('picks the heaviest in the chosen unit across mixed units', () => {
    expect(cycleRows(entries, 'lbs', 'all')).toEqual([
      {
        cycle: 1,
        label: 'Cycle 1',
        weights: { 1: 110.2, 2: 132.3 },
        estimates: { 1: 139.6, 2: 167.6 },
        names: { 1: 'Leg Press', 2: 'Row' },
      },
      { cycle: 2, label: 'Cycle 2', weights: { 1: 114.6 }, estimates: { 1: 145.2 }, names: { 1: 'Leg Press' } },
    ]);
    expect(cycleRows(entries, 'kg', 'all').map((r) => r.weights)).toEqual([{ 1: 50, 2: 60 }, { 1: 52 }]);
  });

  it('filters to one exercise but keeps the cycle numbers of the whole history', () => {
    expect(cycleRows(entries, 'kg', 2)).toEqual([
      { cycle: 1, label: 'Cycle 1', weights: { 2: 60 }, estimates: { 2: 76 }, names: { 2: 'Row' } },
    ]);
    expect(cycleRows(entries, 'kg', 1).map((r) => r.cycle)).toEqual([1, 2]);
  });

  it("also gives each cycle's best estimated 1RM (Epley), which need not come from the heaviest set", () => {
    const rows = cycleRows(
      [
        entry({ sessionId: 'a', date: nov(2), weight: 200, reps: 6 }), // heaviest: 240 estimated
        entry({ sessionId: 'a', date: nov(2, '12:05:00'), weight: 180, reps: 10 }), // 240 estimated: not better
        entry({ sessionId: 'a', date: nov(2, '12:10:00'), weight: 190, reps: 10 }), // 253.3 estimated: best
        entry({ sessionId: 'a', date: nov(2, '12:15:00'), weight: 300, reps: 0 }), // no reps: no estimate
      ],
      'lbs',
      'all',
    );
    expect(rows.map((r) => [r.weights, r.estimates])).toEqual([[{ 1: 300 }, { 1: 253.3 }]]);
  });

  it('is empty without working sets', () => {
    expect(cycleRows([], 'lbs', 'all')).toEqual([]);
  });
});

describe('exerciseOptions', () => {
  it('lists distinct exercises of working sets by id, with their latest name', () => {
    expect(
      exerciseOptions([
        entry({ exerciseId: 3, exerciseName: 'Row', date: nov(2) }),
        entry({ exerciseId: 1, exerciseName: 'Leg Press', date: nov(2) }),
        entry({ exerciseId: 3, exerciseName: 'Seated Row', date: nov(5) }),
        entry({ exerciseId: 2, exerciseName: 'Curl', setType: 'warmup' }),
      ]),
    ).toEqual([
      { id: 1, name: 'Leg Press' },
      { id: 3, name: 'Seated Row' },
    ]);
  });
});
