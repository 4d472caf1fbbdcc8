import { isRecommendedDay, templateDayNumber } from './rotation';

describe('templateDayNumber (docs/product-rules.md, "Rotation and cycles")', () => {
  it.each([
    [1, 1],
    [2, 2],
    [3, 3],
    [11, 1],
    [12, 2],
    [13, 3],
    [21, 1],
    [23, 3],
    [103, 3],
  ])('day id %p is Day %p (its last digit)', (dayId, expected) => {
    expect(templateDayNumber(dayId)).toBe(expected);
  });

  it.each([[0], [4], [9], [10], [19], [20], [100]])('day id %p (last digit not 1 to 3) is Day 1', (dayId) => {
    expect(templateDayNumber(dayId)).toBe(1);
  });

  it.each([[-1], [-2], [-3], [-8], [-12], [-0], [2.5], [12.5], [NaN], [Infinity], [-Infinity]])(
    'day id %p (not a positive whole number) is Day 1',
    (dayId) => {
      expect(templateDayNumber(dayId)).toBe(1);
    },
  );
});

describe('isRecommendedDay', () => {
  it.each([
    [1, 1, true],
    [2, 2, true],
    [1, 2, false],
    [3, 1, false],
    [11, 1, false],
  ])('day %p with nextRecommendedDay %p: %p', (dayId, nextRecommendedDay, expected) => {
    expect(isRecommendedDay(dayId, { nextRecommendedDay })).toBe(expected);
  });
});
