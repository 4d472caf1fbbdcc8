import type { Exercise, Session, WorkoutDay } from '@hit/contracts';
import { unfinishedWorkout } from './unfinishedWorkout';

const set = (id: string, completed: boolean) => ({
  id,
  type: id.endsWith('work') ? ('working' as const) : ('warmup' as const),
  completed,
  weight: completed ? 100 : 0,
  reps: completed ? 8 : 0,
  weightUnit: 'kg' as const,
  completedAt: completed ? '2026-11-20T10:00:00.000Z' : null,
});

/** A day of two exercises (six sets) with the first `done` sets completed. */
function day(id: number, done = 0, extra: Partial<WorkoutDay> = {}): WorkoutDay {
  let left = done;
  const exercises: Exercise[] = [1, 2].map((position) => ({
    id: id * 100 + position,
    name: `Exercise ${position}`,
    sets: ['w1', 'w2', 'work'].map((suffix) => set(`${id * 100 + position}-${suffix}`, left-- > 0)),
  }));
  return {
    id,
    name: `Day ${id}`,
    muscleGroups: ['Chest', 'Back'],
    exercises,
    lastCompleted: null,
    canPerform: true,
    isCompleted: false,
    ...extra,
  } as WorkoutDay;
}

const session = (of: WorkoutDay): Session => ({
  id: '6740f0c2a1b2c3d4e5f60718',
  dayId: of.id,
  exercises: of.exercises,
  startedAt: '2026-11-20T09:00:00.000Z',
  endedAt: null,
});

const state = (next: number) => ({ nextRecommendedDay: next });

describe('unfinishedWorkout', () => {
  it('is the open session after a reload, with its own sets counted', () => {
    const days = [day(1, 4), day(2), day(3)];
    const open = session(day(1, 5));
    expect(unfinishedWorkout(days, state(1), open)).toMatchObject({ day: { id: 1 }, session: open, done: 5, total: 6 });
  });

  it('is the next day with sets done after Exit ended its session: the same card as after a reload', () => {
    expect(unfinishedWorkout([day(1, 4), day(2), day(3)], state(1), null)).toMatchObject({
      day: { id: 1 },
      session: null,
      done: 4,
      total: 6,
    });
  });

  it.each([
    ['nothing done on the next day', [day(1), day(2), day(3)], 1],
    ['the next day completed in this cycle', [day(1, 6, { isCompleted: true }), day(2), day(3)], 1],
    ['sets left on a day that is not next', [day(1), day(2, 3), day(3)], 1],
  ])('is none with %s', (_name, days, next) => {
    expect(unfinishedWorkout(days, state(next), null)).toBeNull();
  });

  it('offers an open session even before a set is done (a workout is open: Resume, not Start)', () => {
    const days = [day(1), day(2), day(3)];
    expect(unfinishedWorkout(days, state(1), session(day(1)))).toMatchObject({ done: 0, total: 6 });
  });

  it('ignores an open session of a day it does not know', () => {
    expect(unfinishedWorkout([day(1), day(2), day(3)], state(1), session(day(7)))).toBeNull();
  });
});
