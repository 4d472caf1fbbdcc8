import { completeInRotation, INITIAL_WORKOUT_STATE } from './cycle';

describe('completeInRotation (docs/product-rules.md, "Rotation and cycles")', () => {
  it('starts every user at Cycle 1 (cycleCount 0), Day 1, in a constant no writer can change', () => {
    expect(INITIAL_WORKOUT_STATE).toEqual({ cycleCount: 0, nextRecommendedDay: 1 });
    expect(Object.isFrozen(INITIAL_WORKOUT_STATE)).toBe(true);
  });

  it.each([
    [
      'day 1 of the first cycle',
      { cycleCount: 0, nextRecommendedDay: 1 },
      1,
      { cycleCount: 0, nextRecommendedDay: 2 },
      false,
    ],
    ['day 2', { cycleCount: 0, nextRecommendedDay: 2 }, 2, { cycleCount: 0, nextRecommendedDay: 3 }, false],
    [
      'day 3 ends the cycle',
      { cycleCount: 0, nextRecommendedDay: 3 },
      3,
      { cycleCount: 1, nextRecommendedDay: 1 },
      true,
    ],
    [
      'day 3 of a later cycle',
      { cycleCount: 7, nextRecommendedDay: 3 },
      3,
      { cycleCount: 8, nextRecommendedDay: 1 },
      true,
    ],
  ])('advances after %s', (_case, state, dayId, next, startsNewCycle) => {
    expect(completeInRotation(state, dayId)).toEqual({ ok: true, state: next, startsNewCycle });
  });

  it.each([
    [{ cycleCount: 0, nextRecommendedDay: 1 }, 2],
    [{ cycleCount: 0, nextRecommendedDay: 1 }, 3],
    [{ cycleCount: 2, nextRecommendedDay: 3 }, 1],
  ])('refuses a day that is not the recommended one (%o, day %i)', (state, dayId) => {
    expect(completeInRotation(state, dayId)).toEqual({ ok: false, nextRecommendedDay: state.nextRecommendedDay });
  });
});
