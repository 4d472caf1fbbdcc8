import type { Exercise } from '@hit/contracts';
import { SET_TIME_IN_FUTURE_MESSAGE, WORKOUT_PROGRAM } from '@hit/contracts/rules';
import {
  applySetState,
  blankSets,
  clearedExercises,
  prefilledExercises,
  seededExercises,
  SetStateError,
  type StoredExercise,
} from '../src/services/workoutProgram';

const NOW = new Date('2026-11-22T10:00:00.000Z');

function wireSet(id: string, fields: Partial<Exercise['sets'][number]> = {}): Exercise['sets'][number] {
  return {
    id,
    type: id.endsWith('work') ? 'working' : 'warmup',
    completed: false,
    weight: null,
    reps: null,
    weightUnit: 'lbs',
    completedAt: null,
    ...fields,
  };
}

const done = (id: string, weight: number, reps: number, completedAt = '2026-11-22T09:30:00.000Z') =>
  wireSet(id, { completed: true, weight, reps, completedAt });

// The template itself (days, names, ids), the template-day number and the rotation are tested in @hit/contracts/rules.
describe('seeding from the program template', () => {
  it('seeds each exercise of a day with its template id and name', () => {
    expect(seededExercises(WORKOUT_PROGRAM[2]).map(({ id, name }) => [id, name])).toEqual([
      [301, 'Leg Press'],
      [302, 'Calf Raises'],
      [303, 'Situps or Ab Machine'],
    ]);
  });

  it('gives every exercise two blank warm-up sets and one blank working set, in lbs', () => {
    expect(blankSets(101)).toEqual([
      {
        id: '101-w1',
        type: 'warmup',
        completed: false,
        weight: null,
        reps: null,
        weightUnit: 'lbs',
        completedAt: null,
      },
      {
        id: '101-w2',
        type: 'warmup',
        completed: false,
        weight: null,
        reps: null,
        weightUnit: 'lbs',
        completedAt: null,
      },
      {
        id: '101-work',
        type: 'working',
        completed: false,
        weight: null,
        reps: null,
        weightUnit: 'lbs',
        completedAt: null,
      },
    ]);
  });
});

describe('applySetState', () => {
  const stored = (): StoredExercise[] => seededExercises(WORKOUT_PROGRAM[2]);

  it('takes the sent set state by id, keeps names, types and unsent sets, and lists what was sent', () => {
    const { exercises, touched } = applySetState(
      stored(),
      [
        {
          id: 301,
          name: 'renamed by the client',
          sets: [done('301-w1', 90, 10), wireSet('301-w2', { weight: 100, weightUnit: 'kg' })],
        },
      ],
      NOW,
    );
    expect(exercises[0].name).toBe('Leg Press');
    expect(exercises[0].sets[0]).toEqual({
      id: '301-w1',
      type: 'warmup',
      completed: true,
      weight: 90,
      reps: 10,
      weightUnit: 'lbs',
      completedAt: new Date('2026-11-22T09:30:00.000Z'),
    });
    expect(exercises[0].sets[1]).toMatchObject({ completed: false, weight: 100, weightUnit: 'kg', completedAt: null });
    expect(exercises[0].sets[2]).toEqual(blankSets(301)[2]);
    expect(exercises.slice(1)).toEqual(stored().slice(1));
    expect(touched.map(({ exercise, set }) => `${exercise.id}/${set.id}`)).toEqual(['301/301-w1', '301/301-w2']);
  });

  it('does not change the stored exercises it was given', () => {
    const original = stored();
    applySetState(original, [{ id: 301, name: 'Leg Press', sets: [done('301-w1', 90, 10)] }], NOW);
    expect(original).toEqual(stored());
  });

  it.each([
    [
      'an unknown exercise',
      [{ id: 101, name: 'Incline Press', sets: [] }],
      'exercises.0.id',
      'unknown exercise 101 for this day',
    ],
    [
      'an unknown set',
      [{ id: 302, name: 'Calf Raises', sets: [wireSet('301-w1')] }],
      'exercises.0.sets.0.id',
      'unknown set "301-w1" for Calf Raises',
    ],
    [
      'an exercise sent twice',
      [
        { id: 301, name: 'Leg Press', sets: [] },
        { id: 301, name: 'Leg Press', sets: [] },
      ],
      'exercises.1.id',
      'exercise 301 is sent twice',
    ],
    [
      'a set sent twice',
      [{ id: 301, name: 'Leg Press', sets: [wireSet('301-w1'), wireSet('301-w1')] }],
      'exercises.0.sets.1.id',
      'set "301-w1" is sent twice',
    ],
    [
      'a completion two days ahead',
      [{ id: 301, name: 'Leg Press', sets: [done('301-w1', 90, 10, '2026-11-24T10:00:00.000Z')] }],
      'exercises.0.sets.0.completedAt',
      SET_TIME_IN_FUTURE_MESSAGE,
    ],
  ])('rejects %s naming the field', (_case, incoming, field, message) => {
    let error: unknown;
    try {
      applySetState(stored(), incoming as Exercise[], NOW);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SetStateError);
    expect(error).toMatchObject({ field, message });
  });

  it('drops completedAt of a set that is not completed', () => {
    const { exercises } = applySetState(
      stored(),
      [{ id: 301, name: 'Leg Press', sets: [wireSet('301-w1', { completedAt: '2026-11-22T09:30:00.000Z' })] }],
      NOW,
    );
    expect(exercises[0].sets[0].completedAt).toBeNull();
  });
});

describe('clearedExercises', () => {
  it('blanks every set and keeps the exercises', () => {
    const { exercises } = applySetState(
      seededExercises(WORKOUT_PROGRAM[0]),
      [{ id: 101, name: 'Incline Press', sets: [done('101-w1', 95, 8), done('101-work', 135, 7)] }],
      NOW,
    );
    expect(clearedExercises(exercises)).toEqual(seededExercises(WORKOUT_PROGRAM[0]));
  });
});

describe('prefilledExercises', () => {
  const last = new Map([
    [
      301,
      {
        bySetId: new Map([
          ['301-w1', { weight: 100, weightUnit: 'lbs' as const }],
          ['301-work', { weight: 140, weightUnit: 'kg' as const }],
        ]),
        byType: new Map([
          ['warmup' as const, { weight: 100, weightUnit: 'lbs' as const }],
          ['working' as const, { weight: 140, weightUnit: 'kg' as const }],
        ]),
      },
    ],
  ]);

  it('takes the same set of the last workout, else the last set of its type; reps stay empty', () => {
    const [legPress, calfRaises] = prefilledExercises(seededExercises(WORKOUT_PROGRAM[2]), last);
    expect(legPress.sets.map((set) => [set.id, set.weight, set.weightUnit, set.reps])).toEqual([
      ['301-w1', 100, 'lbs', null],
      ['301-w2', 100, 'lbs', null],
      ['301-work', 140, 'kg', null],
    ]);
    // No last workout: nothing to prefill.
    expect(calfRaises.sets.every((set) => set.weight === null)).toBe(true);
  });

  it('leaves completed sets and weights already typed alone', () => {
    const { exercises } = applySetState(
      seededExercises(WORKOUT_PROGRAM[2]),
      [{ id: 301, name: 'Leg Press', sets: [done('301-w1', 80, 10), wireSet('301-w2', { weight: 85 })] }],
      NOW,
    );
    const [legPress] = prefilledExercises(exercises, last);
    expect(legPress.sets.map((set) => set.weight)).toEqual([80, 85, 140]);
  });
});
