import { cycleNumber, findNextDay, isNextDay, templateDayNumber } from './rotation';

describe('cycleNumber (the Cycle badge)', () => {
  it.each([
    [0, 1],
    [1, 2],
    [11, 12],
  ])('cycleCount %i shows Cycle %i', (cycleCount, shown) => {
    expect(cycleNumber(cycleCount)).toBe(shown);
  });
});

describe('templateDayNumber (the Next: Day badge): the same rule as the api', () => {
  it.each([
    [1, 1],
    [12, 2],
    [23, 3],
    [10, 1],
    [-2, 1],
    [2.5, 1],
  ])('day %p shows Day %i', (dayId, shown) => {
    expect(templateDayNumber(dayId)).toBe(shown);
  });
});

describe('the next day', () => {
  const days = [{ id: 1 }, { id: 2 }, { id: 3 }];

  it.each([
    [1, 1, true],
    [1, 2, false],
    [3, 3, true],
  ])('day %i with nextRecommendedDay %i: next = %p', (id, nextRecommendedDay, expected) => {
    expect(isNextDay({ id }, { nextRecommendedDay })).toBe(expected);
  });

  it.each([
    [2, 2],
    [12, 2],
    [9, 1],
  ])('is found for nextRecommendedDay %i as day %i', (nextRecommendedDay, expectedId) => {
    expect(findNextDay(days, { cycleCount: 0, nextRecommendedDay })?.id).toBe(expectedId);
  });

  it('is missing when the days are not loaded', () => {
    expect(findNextDay([], { cycleCount: 0, nextRecommendedDay: 1 })).toBeUndefined();
  });
});
