import { chestDay, completed, exercise, blankSets } from '../testing/fixtures';
import {
  completeSet,
  earnsGreatJob,
  firstIncompleteExerciseIndex,
  firstIncompleteSetIndex,
  formatSet,
  increaseWeightAdvice,
  parseReps,
  parseWeight,
  progressCounts,
  sanitizeRepsInput,
  sanitizeWeightInput,
  setEntryProblem,
  setLabel,
  toSetEntry,
  undoLastSet,
} from './sets';

describe('weight parsing', () => {
  it.each([
    ['135', 135],
    ['62.5', 62.5],
    ['62,5', 62.5],
    [' 20,25 ', 20.25],
    ['', 0],
    ['abc', 0],
    ['.', 0],
    [',5', 0.5],
  ])('parses %j as %p', (text, weight) => {
    expect(parseWeight(text)).toBe(weight);
  });

  it.each([
    ['62,5', '62,5'],
    ['62.5.1', '62.51'],
    ['1,2,3', '1,23'],
    ['12 kg', '12'],
    ['-5', '5'],
    ['123456789', '1234567'],
  ])('keeps only digits and one separator while typing: %j → %j', (typed, kept) => {
    expect(sanitizeWeightInput(typed)).toBe(kept);
  });
});

describe('reps parsing and set validation', () => {
  it.each([
    ['8', 8],
    [' 12 ', 12],
    ['', null],
    ['8.5', null],
    ['x', null],
  ])('parses reps %j as %p', (text, reps) => {
    expect(parseReps(text)).toBe(reps);
  });

  it.each([
    ['1a2', '12'],
    // The separator stays, so '8.5' is refused and never becomes 85.
    ['8.5', '8.5'],
    ['8,5', '8,5'],
    ['8..5', '8.5'],
  ])('keeps the digits and one separator of reps %j while typing: %j', (typed, kept) => {
    expect(sanitizeRepsInput(typed)).toBe(kept);
  });

  it.each([
    ['100', '', 'reps-missing'],
    ['100', '0', 'reps-missing'],
    ['100', '8', null],
    ['', '8', null],
    ['100', '1001', 'reps-too-high'],
    ['100', '8.5', 'reps-not-whole'],
    ['100', '8.', 'reps-not-whole'],
    ['100', '8,5', 'reps-not-whole'],
    ['2000,5', '8', 'weight-too-high'],
  ])('weight %j and reps %j: %p', (weight, reps, problem) => {
    expect(setEntryProblem(weight, reps)).toBe(problem);
  });

  it('turns valid input into a set entry; no weight means 0 (body weight)', () => {
    expect(toSetEntry('62,5', '8', 'kg')).toEqual({ weight: 62.5, reps: 8, weightUnit: 'kg' });
    expect(toSetEntry('', '15', 'lbs')).toEqual({ weight: 0, reps: 15, weightUnit: 'lbs' });
    expect(toSetEntry('100', '', 'lbs')).toBeNull();
    expect(toSetEntry('100', '8.5', 'lbs')).toBeNull();
  });
});

describe('set labels and formatting', () => {
  it('labels the warm-ups in order, then the working set', () => {
    const sets = blankSets(101);
    expect(sets.map((_, i) => setLabel(sets, i))).toEqual(['Warm-up 1', 'Warm-up 2', 'Working Set']);
  });

  it('writes a set as weight, unit × reps', () => {
    expect(formatSet(135, 'lbs', 8)).toBe('135 lbs × 8');
    expect(formatSet(62.5, 'kg', 10)).toBe('62.5 kg × 10');
  });
});

describe('where the workout is', () => {
  const at = '2026-11-22T09:00:00.000Z';
  const [w1, w2, work] = blankSets(101);
  const started = exercise(101, 'Incline Press', [completed(w1, 95, 10, at), w2, work]);
  const done = exercise(101, 'Incline Press', [
    completed(w1, 95, 10, at),
    completed(w2, 115, 6, at),
    completed(work, 135, 8, at),
  ]);

  it('finds the first incomplete set of an exercise', () => {
    expect(firstIncompleteSetIndex(exercise(101, 'Incline Press'))).toBe(0);
    expect(firstIncompleteSetIndex(started)).toBe(1);
    expect(firstIncompleteSetIndex(done)).toBe(-1);
  });

  it('finds the exercise to work on: the first with sets left, the last when all are done', () => {
    const flys = exercise(102, 'Dumbbell Flys');
    expect(firstIncompleteExerciseIndex([started, flys])).toBe(0);
    expect(firstIncompleteExerciseIndex([done, flys])).toBe(1);
    expect(firstIncompleteExerciseIndex([done, done])).toBe(1);
  });

  it('counts the sets done out of all sets', () => {
    expect(progressCounts(chestDay().exercises)).toEqual({ completedSets: 0, totalSets: 6 });
    expect(progressCounts([done, started])).toEqual({ completedSets: 4, totalSets: 6 });
  });
});

describe('completing and undoing sets', () => {
  it('completes one set with weight, reps, unit and the time, leaving the rest alone', () => {
    const before = chestDay().exercises;
    const after = completeSet(
      before,
      101,
      '101-w1',
      { weight: 40, reps: 10, weightUnit: 'kg' },
      new Date(Date.UTC(2026, 10, 22, 9, 5)),
    );
    expect(after[0].sets[0]).toEqual({
      id: '101-w1',
      type: 'warmup',
      completed: true,
      weight: 40,
      reps: 10,
      weightUnit: 'kg',
      completedAt: '2026-11-22T09:05:00.000Z',
    });
    expect(after[0].sets.slice(1)).toEqual(before[0].sets.slice(1));
    expect(after[1]).toBe(before[1]);
  });

  it('undoes the most recently completed set, keeping what was entered', () => {
    const [w1, w2, work] = blankSets(101);
    const exercises = [
      exercise(101, 'Incline Press', [
        completed(w1, 95, 10, '2026-11-22T09:00:00.000Z'),
        completed(w2, 115, 6, '2026-11-22T09:04:00.000Z'),
        work,
      ]),
    ];
    const undone = undoLastSet(exercises);
    expect(undone?.setId).toBe('101-w2');
    expect(undone?.exerciseIndex).toBe(0);
    expect(undone?.exercises[0].sets[1]).toMatchObject({ completed: false, completedAt: null, weight: 115, reps: 6 });
    expect(undone?.exercises[0].sets[0].completed).toBe(true);
  });

  it('has nothing to undo when no set is done', () => {
    expect(undoLastSet(chestDay().exercises)).toBeNull();
  });
});

describe('great-job toast rule', () => {
  it('is earned by a working set of more than 12 reps only', () => {
    expect(earnsGreatJob({ type: 'working' }, 13)).toBe(true);
    expect(earnsGreatJob({ type: 'working' }, 12)).toBe(false);
    expect(earnsGreatJob({ type: 'warmup' }, 20)).toBe(false);
  });

  it('advises 2.5-5 lbs or 1-2.5 kg, in the unit of the set', () => {
    expect(increaseWeightAdvice('lbs')).toContain('2.5-5 lbs');
    expect(increaseWeightAdvice('kg')).toContain('1-2.5 kg');
  });
});
