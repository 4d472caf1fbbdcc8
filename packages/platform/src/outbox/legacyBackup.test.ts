import type { Exercise, WorkoutDay } from '@hit/contracts';
import { clearedExercises, WORKOUT_PROGRAM } from '@hit/contracts/rules';
import { migrateLegacyBackup } from './legacyBackup';
import { newObjectId } from './objectId';
import type { NewOperation } from './types';

const days: WorkoutDay[] = WORKOUT_PROGRAM.map((template) => ({
  id: template.dayId,
  name: template.name,
  muscleGroups: [...template.muscleGroups],
  exercises: clearedExercises(template.exercises),
  lastCompleted: null,
  canPerform: template.dayId === 1,
  isCompleted: false,
}));

/** Day `dayId`'s exercises with its first set done. */
function oneSetDone(dayId: number): Exercise[] {
  const exercises = structuredCloneOf(days[dayId - 1].exercises);
  Object.assign(exercises[0].sets[0], {
    completed: true,
    weight: 95,
    reps: 10,
    completedAt: '2026-11-20T10:00:00.000Z',
  });
  return exercises;
}
const structuredCloneOf = <T>(value: T): T => JSON.parse(JSON.stringify(value));

function outbox() {
  const appended: NewOperation[] = [];
  return { appended, append: jest.fn(async (op: NewOperation) => void appended.push(op)) };
}

const SESSION = '6740f0c2a1b2c3d4e5f60718';

beforeEach(() => localStorage.clear());

describe("the previous version's localStorage backup", () => {
  it('becomes a save of its session, once, and is removed', async () => {
    localStorage.setItem(
      `hitUnsavedWorkout:session:${SESSION}`,
      JSON.stringify({ storedAt: 1, exercises: oneSetDone(2) }),
    );
    localStorage.setItem('unrelated', 'kept');
    const target = outbox();

    await expect(migrateLegacyBackup(target as never, days)).resolves.toBe(1);
    await expect(migrateLegacyBackup(target as never, days)).resolves.toBe(0);

    expect(target.appended).toEqual([{ type: 'save', dayId: 2, sessionId: SESSION, exercises: oneSetDone(2) }]);
    expect(Object.keys(localStorage)).toEqual(['unrelated']);
  });

  it('becomes an unfinished workout (start and save) when the old version ran it without a session', async () => {
    localStorage.setItem('hitUnsavedWorkout:day:3', JSON.stringify({ storedAt: 1, exercises: oneSetDone(3) }));
    const target = outbox();

    await migrateLegacyBackup(target as never, days);

    const [start, save] = target.appended;
    expect(start).toMatchObject({ type: 'start', dayId: 3, sessionId: expect.stringMatching(/^[a-f0-9]{24}$/) });
    expect(save).toEqual({
      type: 'save',
      dayId: 3,
      sessionId: (start as { sessionId: string }).sessionId,
      exercises: oneSetDone(3),
    });
  });

  it.each([
    ['not JSON', '{'],
    ['no exercises', JSON.stringify({ storedAt: 1 })],
    ['no completed set', JSON.stringify({ storedAt: 1, exercises: days[0].exercises })],
  ])('removes a copy with %s, moving nothing', async (_case, text) => {
    localStorage.setItem(`hitUnsavedWorkout:session:${SESSION}`, text);
    const target = outbox();
    await expect(migrateLegacyBackup(target as never, days)).resolves.toBe(0);
    expect(target.append).not.toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
  });

  it('keeps a copy whose operations could not be stored, for the next start', async () => {
    localStorage.setItem(
      `hitUnsavedWorkout:session:${SESSION}`,
      JSON.stringify({ storedAt: 1, exercises: oneSetDone(1) }),
    );
    const failing = { append: jest.fn().mockRejectedValue(new Error('QuotaExceededError')) };
    await expect(migrateLegacyBackup(failing as never, days)).rejects.toThrow('QuotaExceededError');
    expect(localStorage.length).toBe(1);
  });
});

describe('ids made in the browser', () => {
  it('makes session ids the api takes: 24 lower-case hex digits starting with the time, never twice', () => {
    const ids = Array.from({ length: 1000 }, () => newObjectId(Date.parse('2026-11-24T10:00:00Z')));
    expect(ids.every((id) => /^[a-f0-9]{24}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(parseInt(ids[0].slice(0, 8), 16)).toBe(Date.parse('2026-11-24T10:00:00Z') / 1000);
  });
});
