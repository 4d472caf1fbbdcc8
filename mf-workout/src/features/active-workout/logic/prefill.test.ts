import type { LastWorkout } from '@hit/contracts';
import { blankSets, completed, exercise } from '../testing/fixtures';
import { prefillSet } from './prefill';

const lastWorkout: LastWorkout = {
  workingSet: { weight: 135, weightUnit: 'lbs', reps: 8 },
  warmupSet: { weight: 60, weightUnit: 'kg', reps: 10 },
};

describe('prefilling the set that takes input', () => {
  it('takes the weight of the last workout of the same set type; its reps are the placeholder, not the value', () => {
    const press = exercise(101, 'Incline Press');
    expect(prefillSet(press, 2, lastWorkout)).toEqual({
      weight: '135',
      reps: '',
      weightUnit: 'lbs',
      placeholder: { weight: '135', reps: '8' },
      lastTime: lastWorkout.workingSet,
    });
    expect(prefillSet(press, 0, lastWorkout)).toEqual({
      weight: '60',
      reps: '',
      weightUnit: 'kg',
      placeholder: { weight: '60', reps: '10' },
      lastTime: lastWorkout.warmupSet,
    });
  });

  it("prefers the set's own weight (the session comes prefilled by the api); reps stay to be typed", () => {
    const [w1, w2, work] = blankSets(101);
    const press = exercise(101, 'Incline Press', [w1, w2, { ...work, weight: 140, weightUnit: 'lbs' }]);
    expect(prefillSet(press, 2, lastWorkout)).toMatchObject({ weight: '140', reps: '', placeholder: { reps: '8' } });
  });

  it('brings back the reps the lifter typed for a set that was undone', () => {
    const [w1, w2, work] = blankSets(101);
    const press = exercise(101, 'Incline Press', [{ ...w1, weight: 65, reps: 9, weightUnit: 'kg' }, w2, work]);
    expect(prefillSet(press, 0, lastWorkout)).toMatchObject({ weight: '65', reps: '9', weightUnit: 'kg' });
  });

  it('is empty in lbs with no history, 0 as placeholder; the unit follows the set done before it', () => {
    const [w1, w2, work] = blankSets(101);
    expect(prefillSet(exercise(101, 'Incline Press'), 0, undefined)).toEqual({
      weight: '',
      reps: '',
      weightUnit: 'lbs',
      placeholder: { weight: '0', reps: '0' },
      lastTime: null,
    });
    const inKg = exercise(101, 'Incline Press', [completed(w1, 40, 10, '2026-11-22T09:00:00.000Z', 'kg'), w2, work]);
    expect(prefillSet(inKg, 1, undefined)).toMatchObject({ weight: '', reps: '', weightUnit: 'kg' });
  });
});
