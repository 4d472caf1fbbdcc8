import { estimatedOneRepMax, newRecordEstimate, personalRecords, recordWitnesses, type RecordSet } from './records';
import { madeUpSets } from './testing/madeUpSets';
import { convertWeight, isWorkingSet } from './weights';

const set = (fields: Partial<RecordSet>): RecordSet => ({
  exerciseId: 101,
  weight: 100,
  weightUnit: 'lbs',
  reps: 8,
  setType: 'working',
  date: '2026-11-01T10:00:00.000Z',
  ...fields,
});

describe('the estimated one-rep max (Epley)', () => {
  it.each([
    [100, 10, 133.333],
    [100, 6, 120],
    [200, 1, 206.667],
    [0, 8, 0],
  ])('%p × %p reps estimates %p', (weight, reps, expected) => {
    expect(estimatedOneRepMax(weight, reps)).toBeCloseTo(expected, 3);
  });
});

describe('weights and set types, one definition for every part', () => {
  it.each([
    [100, 'lbs', 'kg', 45.3592],
    [100, 'kg', 'lbs', 220.462],
    [80, 'kg', 'kg', 80],
  ] as const)('%p %s is %p %s', (weight, from, to, expected) => {
    expect(convertWeight(weight, from, to)).toBeCloseTo(expected, 4);
  });

  it.each([
    ['working', true],
    ['work', true],
    [' WORK ', true],
    ['warmup', false],
    ['', false],
  ])('set type %p counts as working: %p', (type, expected) => {
    expect(isWorkingSet(type)).toBe(expected);
  });
});

describe('personal records', () => {
  it('takes the heaviest set and the best estimate per exercise, from working sets only', () => {
    const records = personalRecords(
      [
        set({ weight: 135, reps: 8, date: '2026-11-01T10:00:00.000Z' }),
        set({ weight: 145, reps: 6, date: '2026-11-04T10:00:00.000Z' }),
        set({ weight: 300, reps: 10, setType: 'warmup' }),
        set({ exerciseId: 104, weight: 225, reps: 6 }),
      ],
      'lbs',
    );
    const press = records.get(101)!;
    expect(press.heaviest).toEqual({ weight: 145, reps: 6, date: '2026-11-04T10:00:00.000Z' });
    // 145 × (1 + 6/30) = 174 is a better estimate than 135 × (1 + 8/30) = 171.
    expect(press.bestEstimate).toMatchObject({ weight: 145, reps: 6 });
    expect(press.bestEstimate.estimate).toBeCloseTo(174, 6);
    expect(records.get(104)?.heaviest.weight).toBe(225);
  });

  it('compares kilograms and pounds after conversion, and shows the unit asked for', () => {
    const records = personalRecords(
      [set({ weight: 100, weightUnit: 'kg', reps: 6 }), set({ weight: 210, weightUnit: 'lbs', reps: 6 })],
      'kg',
    );
    // 100 kg is 220.5 lbs: heavier than 210 lbs (95.3 kg).
    expect(records.get(101)?.heaviest).toMatchObject({ weight: 100, reps: 6 });
    const inPounds = personalRecords([set({ weight: 100, weightUnit: 'kg', reps: 6 })], 'lbs');
    expect(inPounds.get(101)?.heaviest.weight).toBeCloseTo(220.462, 3);
  });

  it('breaks ties: more reps for the heaviest, then the earlier set', () => {
    const records = personalRecords(
      [
        set({ weight: 150, reps: 6, date: '2026-11-03T10:00:00.000Z' }),
        set({ weight: 150, reps: 8, date: '2026-11-05T10:00:00.000Z' }),
        set({ weight: 150, reps: 8, date: '2026-11-02T10:00:00.000Z' }),
      ],
      'lbs',
    );
    expect(records.get(101)?.heaviest).toEqual({ weight: 150, reps: 8, date: '2026-11-02T10:00:00.000Z' });
    expect(records.get(101)?.bestEstimate.date).toBe('2026-11-02T10:00:00.000Z');
  });

  it('has no record for an exercise with warm-ups only', () => {
    expect(personalRecords([set({ setType: 'warmup' })], 'lbs').size).toBe(0);
  });
});

describe('a new personal record in the workout', () => {
  const earlier = [set({ weight: 135, reps: 8 }), set({ weight: 300, reps: 10, setType: 'warmup' })];

  it('is a working set whose estimate beats the earlier best, with that estimate', () => {
    expect(newRecordEstimate(earlier, set({ weight: 140, reps: 8 }), 'lbs')).toBeCloseTo(177.333, 3);
  });

  it.each([
    ['the same estimate (a tie is no record)', set({ weight: 135, reps: 8 })],
    ['a lower estimate', set({ weight: 135, reps: 6 })],
    ['a warm-up, however heavy', set({ weight: 400, reps: 10, setType: 'warmup' })],
  ])('is not %s', (_case, candidate) => {
    expect(newRecordEstimate(earlier, candidate, 'lbs')).toBeUndefined();
  });

  it('is not the first working set ever of the exercise: that is the baseline', () => {
    expect(newRecordEstimate([], set({ weight: 500, reps: 10 }), 'lbs')).toBeUndefined();
    expect(newRecordEstimate(earlier, set({ exerciseId: 102, weight: 50 }), 'lbs')).toBeUndefined();
  });

  it('compares across units', () => {
    // 65 kg × (1 + 8/30) is 181.6 lbs of estimate: beats 171 lbs.
    expect(newRecordEstimate(earlier, set({ weight: 65, weightUnit: 'kg', reps: 8 }), 'lbs')).toBeCloseTo(181.56, 1);
  });
});

describe('the witnesses of the records', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'the records of earlier sets’ witnesses and new sets are those of all the sets, in both units (seed %p)',
    (seed) => {
      const sets = madeUpSets(seed, 400);
      for (const cut of [0, 1, 150, 399, 400]) {
        const [earlier, later] = [sets.slice(0, cut), sets.slice(cut)];
        const witnesses = recordWitnesses(earlier);
        expect(witnesses.length).toBeLessThanOrEqual(3 * 4);
        for (const unit of ['lbs', 'kg'] as const) {
          expect(personalRecords([...witnesses, ...later], unit)).toEqual(personalRecords(sets, unit));
          expect(personalRecords([...later, ...witnesses], unit)).toEqual(personalRecords(sets, unit));
        }
      }
    },
  );

  it('are sets of the ones given, none for sets that hold no record', () => {
    const working = set({ weight: 200, reps: 8 });
    const witnesses = recordWitnesses([set({ reps: 0 }), set({ setType: 'warmup', weight: 500 }), working]);
    expect(witnesses).toEqual([working]);
  });
});
