import { WORKOUT_PROGRAM } from '@hit/contracts/rules';
import { exerciseHint } from './exerciseHints';

describe('exerciseHint: a form hint per exercise (docs/product-rules.md, "Exercise hints and last time")', () => {
  const exercises = WORKOUT_PROGRAM.flatMap((day) => day.exercises);

  it.each(exercises.map(({ id, name }) => [id, name]))('has a hint for exercise %p (%s)', (id) => {
    expect(exerciseHint(id)).toMatch(/\w{3,}/);
  });

  it('gives each exercise its own hint', () => {
    expect(new Set(exercises.map(({ id }) => exerciseHint(id))).size).toBe(exercises.length);
  });

  it.each([
    [101, /spotter or set the safety pins/],
    [104, /form failure is failure/],
    [303, /ribs toward hips/],
  ])('finds the hint of exercise %p by its id', (id, hint) => {
    expect(exerciseHint(id)).toMatch(hint);
  });

  it.each([[0], [100], [106], [999]])('has none for %p, an id outside the program', (id) => {
    expect(exerciseHint(id)).toBeUndefined();
  });
});
