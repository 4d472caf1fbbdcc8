import type { Goal, ProgressEntry } from '@hit/contracts';
import { NOT_ENOUGH_DATA_TEXT, NOT_ON_TRACK_TEXT } from '@hit/contracts/rules';
import { entry, nov } from './fixtures';
import {
  formatDay,
  goalCyclePoints,
  goalLeftText,
  goalProjection,
  goalTargetText,
  projectionText,
  REPS_ERROR_TEXT,
  validateGoalForm,
  WEIGHT_ERROR_TEXT,
} from './index';

/** One cycle a week (Day 1 on Monday, Day 2 on Wednesday): Squat (1) on Day 1 at each weight × 6, Row (2) on Day 2. */
function weeks(squats: number[]): ProgressEntry[] {
  return squats.flatMap((weight, week) => [
    entry({ sessionId: `d1-${week}`, date: nov(2 + week * 7), workoutDayId: 1, exerciseId: 1, weight, reps: 6 }),
    entry({ sessionId: `d2-${week}`, date: nov(4 + week * 7), workoutDayId: 2, exerciseId: 2, weight: 100 }),
  ]);
}

function goal(overrides: Partial<Goal> = {}): Goal {
  return {
    id: 'g1',
    exerciseId: 1,
    exerciseName: 'Leg Press',
    weight: 225,
    unit: 'lbs',
    reps: 6,
    targetDate: null,
    createdAt: nov(1),
    achievedAt: null,
    percent: 97,
    bestEstimate: 264,
    targetEstimate: 270,
    ...overrides,
  };
}

describe('goalCyclePoints', () => {
  it("gives per cycle the exercise's best estimated 1RM in the goal's unit and the date of that set", () => {
    const entries = [
      ...weeks([200, 210]),
      // A lighter set of cycle 2 with more reps has the better estimate: 205 × (1 + 10/30) = 273.3 > 252.
      entry({ sessionId: 'd1-1', date: nov(9, '12:10:00'), workoutDayId: 1, exerciseId: 1, weight: 205, reps: 10 }),
      entry({ sessionId: 'd1-1', date: nov(9, '12:20:00'), exerciseId: 1, weight: 400, reps: 6, setType: 'warmup' }),
    ];
    expect(goalCyclePoints(entries, 1, 'lbs')).toEqual([
      { cycle: 1, estimate: 240, date: nov(2) },
      { cycle: 2, estimate: expect.closeTo(273.33, 2), date: nov(9, '12:10:00') },
    ]);
    expect(goalCyclePoints(entries, 1, 'kg')[0].estimate).toBeCloseTo(240 * 0.453592, 6);
    expect(goalCyclePoints(entries, 3, 'lbs')).toEqual([]);
  });
});

describe('goalProjection and projectionText (docs/product-rules.md, "Goals")', () => {
  it('needs 3 cycles', () => {
    expect(projectionText(goalProjection(weeks([200, 210]), goal()))).toBe(NOT_ENOUGH_DATA_TEXT);
  });

  it('is not on track when the trend is flat', () => {
    expect(projectionText(goalProjection(weeks([200, 200, 200]), goal()))).toBe(NOT_ON_TRACK_TEXT);
  });

  it("projects the date at the cycles' pace", () => {
    // 240, 252, 264 estimated: +12 a cycle, 270 one cycle after Nov 16, a cycle lasting 7 days.
    expect(projectionText(goalProjection(weeks([200, 210, 220]), goal()))).toBe('Projected: Nov 23, 2026');
  });

  it('has nothing to project once a cycle reached the target estimate', () => {
    expect(projectionText(goalProjection(weeks([200, 230]), goal()))).toBeNull();
  });
});

describe('goal texts', () => {
  it('names the target, and what is left in the goal unit', () => {
    expect(goalTargetText(goal())).toBe('225 lbs × 6');
    expect(goalLeftText(goal({ bestEstimate: 257.5, targetEstimate: 270 }))).toBe('12.5 lbs of estimated 1RM to go');
    expect(goalLeftText(goal({ unit: 'kg', weight: 100, bestEstimate: 110, targetEstimate: 120 }))).toBe(
      '10 kg of estimated 1RM to go',
    );
    expect(goalLeftText(goal({ bestEstimate: 275 }))).toBe(
      'Estimated 1RM at the target: lift 225 lbs × 6 to achieve it',
    );
  });

  it('shows a target date as that day in any time zone', () => {
    expect(formatDay('2027-01-31')).toBe('Jan 31, 2027');
  });
});

describe('validateGoalForm', () => {
  const values = { exerciseId: '1', weight: '225', unit: 'lbs' as const, reps: '6', targetDate: '' };

  it('accepts a weight above 0 for 6-10 reps, with or without a date', () => {
    expect(validateGoalForm(values, { needsExercise: true })).toEqual({});
    expect(validateGoalForm({ ...values, reps: '10', targetDate: '2027-01-31' }, { needsExercise: true })).toEqual({});
  });

  it.each([
    [{ weight: '' }, { weight: WEIGHT_ERROR_TEXT }],
    [{ weight: '0' }, { weight: WEIGHT_ERROR_TEXT }],
    [{ weight: '-5' }, { weight: WEIGHT_ERROR_TEXT }],
    [{ reps: '5' }, { reps: REPS_ERROR_TEXT }],
    [{ reps: '11' }, { reps: REPS_ERROR_TEXT }],
    [{ reps: '6.5' }, { reps: REPS_ERROR_TEXT }],
    [{ reps: '' }, { reps: REPS_ERROR_TEXT }],
    [{ exerciseId: '' }, { exerciseId: 'Choose an exercise' }],
  ])('flags %j', (change, errors) => {
    expect(validateGoalForm({ ...values, ...change }, { needsExercise: true })).toEqual(errors);
  });

  it('does not ask for an exercise when editing', () => {
    expect(validateGoalForm({ ...values, exerciseId: '' }, { needsExercise: false })).toEqual({});
  });
});
