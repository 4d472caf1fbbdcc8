import type { Exercise, Goal, Records } from '@hit/contracts';
import { celebrationsFor, GOAL_ACHIEVED_TITLE, NEW_RECORD_TITLE, withAchieved } from './celebrations';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 10, minute)).toISOString();

function deadlifts(working: { weight: number; reps: number; unit?: 'lbs' | 'kg' } | null): Exercise {
  return {
    id: 104,
    name: 'Deadlifts',
    sets: [
      { id: 'w1', type: 'warmup', completed: true, weight: 400, reps: 12, weightUnit: 'lbs', completedAt: at(1) },
      { id: 'w2', type: 'warmup', completed: true, weight: 135, reps: 8, weightUnit: 'lbs', completedAt: at(2) },
      working
        ? {
            id: 's3',
            type: 'working',
            completed: true,
            weight: working.weight,
            reps: working.reps,
            weightUnit: working.unit ?? 'lbs',
            completedAt: at(5),
          }
        : {
            id: 's3',
            type: 'working',
            completed: false,
            weight: 225,
            reps: null,
            weightUnit: 'lbs',
            completedAt: null,
          },
    ],
  };
}

/** Deadlifts' best so far: 225 lbs × 6 (270 estimated), i.e. 102.06 kg × 6 in kilograms. */
const records: Records = {
  lbs: [
    {
      exerciseId: 104,
      heaviest: { weight: 225, reps: 6, date: at(0) },
      bestEstimate: { weight: 225, reps: 6, date: at(0), estimate: 270 },
    },
  ],
  kg: [
    {
      exerciseId: 104,
      heaviest: { weight: 225 * 0.453592, reps: 6, date: at(0) },
      bestEstimate: { weight: 225 * 0.453592, reps: 6, date: at(0), estimate: 225 * 0.453592 * 1.2 },
    },
  ],
};

const goal = (fields: Partial<Goal> = {}): Goal => ({
  id: 'g1',
  exerciseId: 104,
  exerciseName: 'Deadlifts',
  weight: 230,
  unit: 'lbs',
  reps: 6,
  targetDate: null,
  createdAt: at(0),
  achievedAt: null,
  percent: 97,
  bestEstimate: 270,
  targetEstimate: 276,
  ...fields,
});

describe('what a completed set earns', () => {
  it('celebrates a working set whose estimate beats the best so far, with the figure named as an estimate', () => {
    expect(celebrationsFor(deadlifts({ weight: 230, reps: 6 }), 's3', records, [])).toEqual([
      { title: NEW_RECORD_TITLE, description: 'Deadlifts: estimated 1RM 276 lbs (230 lbs × 6)' },
    ]);
    // Lighter for more reps is a record too: 215 × 9 = 279.5.
    expect(celebrationsFor(deadlifts({ weight: 215, reps: 9 }), 's3', records, [])[0].description).toBe(
      'Deadlifts: estimated 1RM 279.5 lbs (215 lbs × 9)',
    );
  });

  it('does not celebrate a tie, a lesser set, a warm-up or a set not completed', () => {
    expect(celebrationsFor(deadlifts({ weight: 225, reps: 6 }), 's3', records, [])).toEqual([]);
    expect(celebrationsFor(deadlifts({ weight: 200, reps: 8 }), 's3', records, [])).toEqual([]);
    expect(celebrationsFor(deadlifts({ weight: 230, reps: 6 }), 'w1', records, [])).toEqual([]);
    expect(celebrationsFor(deadlifts(null), 's3', records, [])).toEqual([]);
  });

  it('compares a set in kilograms with the best in kilograms, not converted twice', () => {
    expect(celebrationsFor(deadlifts({ weight: 225 * 0.453592, reps: 6, unit: 'kg' }), 's3', records, [])).toEqual([]);
    expect(celebrationsFor(deadlifts({ weight: 105, reps: 6, unit: 'kg' }), 's3', records, [])).toEqual([
      { title: NEW_RECORD_TITLE, description: 'Deadlifts: estimated 1RM 126 kg (105 kg × 6)' },
    ]);
  });

  it('takes a first-ever working set as a baseline, and claims nothing while the records are unknown', () => {
    expect(celebrationsFor(deadlifts({ weight: 300, reps: 6 }), 's3', { lbs: [], kg: [] }, [])).toEqual([]);
    expect(celebrationsFor(deadlifts({ weight: 300, reps: 6 }), 's3', undefined, [])).toEqual([]);
  });

  it('celebrates each open goal of the exercise the set meets, after the record', () => {
    const goals = [goal(), goal({ id: 'g2', exerciseId: 101 }), goal({ id: 'g3', achievedAt: at(0), weight: 100 })];
    expect(celebrationsFor(deadlifts({ weight: 230, reps: 6 }), 's3', records, goals)).toEqual([
      { title: NEW_RECORD_TITLE, description: 'Deadlifts: estimated 1RM 276 lbs (230 lbs × 6)' },
      { title: GOAL_ACHIEVED_TITLE, description: 'Deadlifts: 230 lbs × 6', goalId: 'g1' },
    ]);
    // The goal's weight for fewer reps does not meet it; in kilograms, 104.5 kg (230.4 lbs) does.
    expect(celebrationsFor(deadlifts({ weight: 235, reps: 5 }), 's3', undefined, goals)).toEqual([]);
    expect(
      celebrationsFor(deadlifts({ weight: 104.5, reps: 6, unit: 'kg' }), 's3', undefined, goals).map((c) => c.title),
    ).toEqual([GOAL_ACHIEVED_TITLE]);
  });

  it('closes the achieved goals as the api will', () => {
    const goals = [goal(), goal({ id: 'g2', exerciseId: 101 })];
    expect(withAchieved(goals, ['g1'], at(5))).toEqual([
      goal({ achievedAt: at(5), percent: 100 }),
      goal({ id: 'g2', exerciseId: 101 }),
    ]);
  });
});
