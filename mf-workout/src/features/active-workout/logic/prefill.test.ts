import type { LastWorkout } from '@hit/contracts';
import { blankSets, completed, exercise } from '../testing/fixtures';
import { prefillSet, workoutUnit } from './prefill';

const lastWorkout: LastWorkout = {
  workingSet: { weight: 135, weightUnit: 'lbs', reps: 8 },
  warmupSet: { weight: 60, weightUnit: 'kg', reps: 10 },
  warmupSets: [
    { weight: 40, weightUnit: 'kg', reps: 12 },
    { weight: 60, weightUnit: 'kg', reps: 10 },
  ],
};
const DONE_AT = '2026-11-22T09:00:00.000Z';

describe('prefilling the set that takes input', () => {
  it('takes the weight of the same set last time; its reps are the placeholder, not the value', () => {
    const press = exercise(101, 'Incline Press');
    expect(prefillSet(press, 2, lastWorkout)).toEqual({
      weight: '135',
      reps: '',
      weightUnit: 'lbs',
      placeholder: { weight: '135', reps: '8' },
      lastTime: lastWorkout.workingSet,
      advice: null,
    });
    expect(prefillSet(press, 0, lastWorkout)).toMatchObject({
      weight: '40',
      weightUnit: 'kg',
      placeholder: { weight: '40', reps: '12' },
      lastTime: lastWorkout.warmupSets![0],
    });
    expect(prefillSet(press, 1, lastWorkout)).toMatchObject({ weight: '60', lastTime: lastWorkout.warmupSet });
  });

  it('reads an older answer without the warm-ups in order as the last warm-up for each', () => {
    const older: LastWorkout = { workingSet: lastWorkout.workingSet, warmupSet: lastWorkout.warmupSet };
    expect(prefillSet(exercise(101, 'Incline Press'), 0, older)).toMatchObject({ weight: '60', weightUnit: 'kg' });
  });

  it('with no set last time, takes the weight and unit of the set before it in this workout', () => {
    const [w1, w2, work] = blankSets(101);
    const inKg = exercise(101, 'Incline Press', [completed(w1, 40, 10, DONE_AT, 'kg'), w2, work]);
    expect(prefillSet(inKg, 1, undefined)).toEqual({
      weight: '40',
      reps: '',
      weightUnit: 'kg',
      placeholder: { weight: '0', reps: '0' },
      lastTime: null,
      advice: null,
    });
  });

  it("prefers the set's own weight (an undone or corrected set); reps stay to be typed", () => {
    const [w1, w2, work] = blankSets(101);
    const press = exercise(101, 'Incline Press', [w1, w2, { ...work, weight: 140, weightUnit: 'lbs' }]);
    expect(prefillSet(press, 2, lastWorkout)).toMatchObject({ weight: '140', reps: '', placeholder: { reps: '8' } });
  });

  it('brings back the reps the lifter typed for a set that was undone', () => {
    const [w1, w2, work] = blankSets(101);
    const press = exercise(101, 'Incline Press', [{ ...w1, weight: 65, reps: 9, weightUnit: 'kg' }, w2, work]);
    expect(prefillSet(press, 0, lastWorkout)).toMatchObject({ weight: '65', reps: '9', weightUnit: 'kg' });
  });

  it('is empty with no history, 0 as placeholder, in the unit it is given (the lifter’s), lbs by default', () => {
    expect(prefillSet(exercise(101, 'Incline Press'), 0, undefined)).toEqual({
      weight: '',
      reps: '',
      weightUnit: 'lbs',
      placeholder: { weight: '0', reps: '0' },
      lastTime: null,
      advice: null,
    });
    expect(prefillSet(exercise(101, 'Incline Press'), 0, undefined, 'kg')).toMatchObject({ weightUnit: 'kg' });
  });

  it.each([
    [13, 'Add 2.5-5 lbs next time to stay in the 6-10 rep range.'],
    [12, null],
  ])('a working set after %i reps last time keeps its weight, with the advice beside it: %p', (reps, advice) => {
    const above = { ...lastWorkout, workingSet: { weight: 100, weightUnit: 'lbs' as const, reps } };
    expect(prefillSet(exercise(101, 'Incline Press'), 2, above)).toMatchObject({ weight: '100', advice });
  });
});

describe('the unit a set with no history opens in', () => {
  it('is the unit of the latest set of the workout, else the lifter’s', () => {
    const [w1, w2, work] = blankSets(101);
    const [f1, f2, fwork] = blankSets(102);
    const exercises = [
      exercise(101, 'Incline Press', [completed(w1, 40, 10, DONE_AT, 'kg'), w2, work]),
      exercise(102, 'Dumbbell Flys', [completed(f1, 20, 10, '2026-11-22T08:00:00.000Z', 'lbs'), f2, fwork]),
    ];
    expect(workoutUnit(exercises, 'lbs')).toBe('kg');
    expect(workoutUnit([exercise(101, 'Incline Press')], 'kg')).toBe('kg');
  });
});
