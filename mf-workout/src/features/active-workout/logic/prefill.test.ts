import type { LastWorkout } from '@hit/contracts';
import { blankSets, completed, exercise } from '../testing/fixtures';
import { prefillSet } from './prefill';

const lastWorkout: LastWorkout = {
  workingSet: { weight: 135, weightUnit: 'lbs', reps: 8 },
  warmupSet: { weight: 60, weightUnit: 'kg', reps: 10 },
};

describe('prefilling the set that takes input', () => {
  it('takes the last workout of the same set type, and shows it as last time', () => {
    const press = exercise(101, 'Incline Press');
    expect(prefillSet(press, 2, lastWorkout)).toEqual({ weight: '135', reps: '8', weightUnit: 'lbs', lastTime: lastWorkout.workingSet });
    expect(prefillSet(press, 0, lastWorkout)).toEqual({ weight: '60', reps: '10', weightUnit: 'kg', lastTime: lastWorkout.warmupSet });
  });

  it("prefers the set's own weight (the session comes prefilled by the api)", () => {
    const [w1, w2, work] = blankSets(101);
    const press = exercise(101, 'Incline Press', [w1, w2, { ...work, weight: 140, weightUnit: 'lbs' }]);
    expect(prefillSet(press, 2, lastWorkout)).toMatchObject({ weight: '140', reps: '8', weightUnit: 'lbs' });
  });

  it('is empty in lbs with no history; the unit follows the set done before it', () => {
    const [w1, w2, work] = blankSets(101);
    expect(prefillSet(exercise(101, 'Incline Press'), 0, undefined)).toEqual({ weight: '', reps: '', weightUnit: 'lbs', lastTime: null });
    const inKg = exercise(101, 'Incline Press', [completed(w1, 40, 10, '2026-11-22T09:00:00.000Z', 'kg'), w2, work]);
    expect(prefillSet(inKg, 1, undefined)).toMatchObject({ weight: '', weightUnit: 'kg' });
  });
});
