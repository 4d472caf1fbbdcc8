import { EXERCISE_IDS, programDay, WORKOUT_PROGRAM } from './program';

describe('the workout program template', () => {
  it('has the three days of the spec with their exercises, in order', () => {
    expect(
      WORKOUT_PROGRAM.map((day) => [day.dayId, day.name, day.muscleGroups, day.exercises.map((e) => e.name)]),
    ).toEqual([
      [1, 'Day 1', ['Chest', 'Back'], ['Incline Press', 'Dumbbell Flys', 'Underhand Pulldowns', 'Deadlifts']],
      [
        2,
        'Day 2',
        ['Shoulders', 'Arms'],
        ['Side Raises', 'Rear Delt Raises', 'Bicep Curls', 'Tricep Press Downs', 'Dips'],
      ],
      [3, 'Day 3', ['Legs', 'Abs'], ['Leg Press', 'Calf Raises', 'Situps or Ab Machine']],
    ]);
  });

  it('numbers exercises 101.., 201.., 301.. (day * 100 + position) so ids stay stable', () => {
    expect(WORKOUT_PROGRAM.flatMap((day) => day.exercises.map((e) => e.id))).toEqual([
      101, 102, 103, 104, 201, 202, 203, 204, 205, 301, 302, 303,
    ]);
  });

  it('uses every exercise id exactly once', () => {
    const used = WORKOUT_PROGRAM.flatMap((day) => day.exercises.map((e) => e.id));
    expect([...used].sort()).toEqual(Object.values(EXERCISE_IDS).sort());
  });

  it.each([
    [1, 'Day 1'],
    [2, 'Day 2'],
    [3, 'Day 3'],
    [0, undefined],
    [4, undefined],
    [11, undefined],
  ])('finds the template of day id %p: %p', (dayId, name) => {
    expect(programDay(dayId)?.name).toBe(name);
  });
});
