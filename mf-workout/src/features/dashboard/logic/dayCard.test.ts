import type { Exercise } from '@hit/contracts';
import { dayStatus, lastCompletedText, muscleGroupsText, setProgress, showsCompleteNextDayFirst } from './dayCard';

const resting = (hoursRemaining: number) => ({ inRecommendationPeriod: true, hoursRemaining });
const rested = { inRecommendationPeriod: false, hoursRemaining: 0 };

describe('dayStatus', () => {
  it.each([
    ['the next day, rested', { id: 1, isCompleted: false }, 1, rested, 'Ready to start'],
    [
      'the next day inside the rest period',
      { id: 2, isCompleted: false },
      2,
      resting(47),
      '47 hours of rest recommended',
    ],
    ['the next day with one hour left', { id: 2, isCompleted: false }, 2, resting(1), '1 hour of rest recommended'],
    ['a day completed this cycle', { id: 1, isCompleted: true }, 2, resting(47), 'Completed'],
    ['a completed day when resting is over', { id: 1, isCompleted: true }, 2, rested, 'Completed'],
    ['a later day not yet reached', { id: 3, isCompleted: false }, 2, rested, null],
    ['a later day during rest', { id: 3, isCompleted: false }, 2, resting(20), null],
  ])('%s', (_case, day, nextRecommendedDay, rest, text) => {
    expect(dayStatus(day, { nextRecommendedDay }, rest)?.text ?? null).toBe(text);
  });
});

describe("which cards say 'Complete next day first'", () => {
  it.each([
    [1, [false, true, true]],
    [2, [true, false, true]],
    [3, [true, true, false]],
  ])('with Day %i next', (nextRecommendedDay, expected) => {
    expect([1, 2, 3].map((id) => showsCompleteNextDayFirst({ id }, { nextRecommendedDay }))).toEqual(expected);
  });
});

describe('setProgress (the completed count, in sets)', () => {
  const exercise = (id: number, completed: boolean[]): Exercise => ({
    id,
    name: `Exercise ${id}`,
    sets: completed.map((done, i) => ({
      id: `${id}-${i}`,
      type: i < 2 ? 'warmup' : 'working',
      completed: done,
      weight: done ? 50 : null,
      reps: done ? 8 : null,
      weightUnit: 'lbs',
      completedAt: done ? '2026-11-22T10:00:00.000Z' : null,
    })),
  });

  it.each([
    [
      'nothing logged',
      [exercise(101, [false, false, false]), exercise(102, [false, false, false])],
      false,
      { done: 0, total: 6 },
    ],
    [
      'part of a workout saved',
      [exercise(101, [true, true, true]), exercise(102, [true, false, false])],
      false,
      { done: 4, total: 6 },
    ],
    [
      'completed this cycle (sets cleared for next time)',
      [exercise(101, [false, false, false])],
      true,
      { done: 3, total: 3 },
    ],
    ['no exercises', [], false, { done: 0, total: 0 }],
  ])('%s', (_case, exercises, isCompleted, expected) => {
    expect(setProgress({ exercises, isCompleted })).toEqual(expected);
  });
});

describe('muscleGroupsText', () => {
  it.each([
    [['Chest', 'Back'], 'Chest & Back'],
    [['Legs'], 'Legs'],
    [['Legs', 'Glutes', 'Abs'], 'Legs, Glutes & Abs'],
    [[], ''],
  ])('%p', (muscleGroups, text) => {
    expect(muscleGroupsText({ muscleGroups })).toBe(text);
  });
});

describe('lastCompletedText', () => {
  it('reads as a date', () => {
    expect(lastCompletedText('2026-11-20T12:00:00.000Z')).toBe('Fri, Nov 20, 2026');
  });
});
