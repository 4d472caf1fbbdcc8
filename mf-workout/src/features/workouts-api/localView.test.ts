import type { SyncOperation } from '@hit/contracts';
import { day, exercise, session, workoutState } from '../../../test/fixtures';
import { withPendingOperations, type WorkoutView } from './localView';

const S1 = '6740f0c2a1b2c3d4e5f60001';
const S2 = '6740f0c2a1b2c3d4e5f60002';
let opCount = 0;
const op = <T extends Omit<SyncOperation, 'opId' | 'at'>>(fields: T, at = '2026-11-24T10:00:00.000Z') =>
  ({ opId: `operation-${(opCount += 1)}`, at, ...fields }) as unknown as SyncOperation;

function server(nextRecommendedDay = 1, cycleCount = 0): WorkoutView {
  return {
    workoutDays: [1, 2, 3].map((id) => day(id as 1 | 2 | 3, {}, nextRecommendedDay)),
    workoutState: workoutState(nextRecommendedDay, cycleCount),
    openSession: null,
  };
}

/** Day 1's exercises with every set of the first exercise done (and the rest blank). */
const firstExerciseDone = () => [exercise(101, 'Incline Press', 3), ...day(1).exercises.slice(1)];
const completedCount = (view: WorkoutView) =>
  view.openSession?.exercises.flatMap((e) => e.sets).filter((set) => set.completed).length ?? null;

describe('the dashboard with the outbox played over the server state (issue #18)', () => {
  it('is the server state itself when nothing is pending', () => {
    const state = server();
    expect(withPendingOperations(state, [])).toBe(state);
  });

  it('shows a workout started offline as the unfinished one, with its sets as last saved', () => {
    const view = withPendingOperations(server(), [
      op({ type: 'start', dayId: 1, sessionId: S1 }, '2026-11-24T09:00:00.000Z'),
      op({ type: 'save', dayId: 1, sessionId: S1, exercises: firstExerciseDone() }),
    ]);
    expect(view.openSession).toMatchObject({ id: S1, dayId: 1, startedAt: '2026-11-24T09:00:00.000Z', endedAt: null });
    expect(completedCount(view)).toBe(3);
    expect(view.workoutState).toEqual(workoutState(1));
  });

  it('keeps the sets on the day after Exit ends the session, as the api does, so the day reads the same', () => {
    const view = withPendingOperations(server(), [
      op({ type: 'start', dayId: 1, sessionId: S1 }),
      op({ type: 'save', dayId: 1, sessionId: S1, exercises: firstExerciseDone() }),
      op({ type: 'end', dayId: 1, sessionId: S1 }),
    ]);
    expect(view.openSession).toBeNull();
    expect(view.workoutDays[0].exercises).toEqual(firstExerciseDone());
    expect(view.workoutDays[1].exercises).toEqual(day(2).exercises);
  });

  it('moves the rotation by the same rule as the api when a workout completes offline: Day 1 done, Day 2 next', () => {
    const view = withPendingOperations(server(), [
      op({ type: 'start', dayId: 1, sessionId: S1 }),
      op({ type: 'save', dayId: 1, sessionId: S1, exercises: firstExerciseDone() }),
      op({ type: 'complete', dayId: 1, sessionId: S1 }, '2026-11-24T10:30:00.000Z'),
    ]);
    expect(view.workoutState).toEqual(workoutState(2, 0));
    expect(view.openSession).toBeNull();
    const [day1, day2, day3] = view.workoutDays;
    expect([day1.isCompleted, day1.lastCompleted, day1.canPerform]).toEqual([true, '2026-11-24T10:30:00.000Z', false]);
    expect([day2.canPerform, day3.canPerform]).toEqual([true, false]);
    // A fresh performance of Day 1 waits for the next cycle: its sets are blank again.
    expect(day1.exercises.flatMap((e) => e.sets).some((set) => set.completed)).toBe(false);
  });

  it('starts a new cycle after Day 3, clearing the completed marks (lastCompleted stays)', () => {
    const start = server(3, 4);
    start.workoutDays = start.workoutDays.map((d) => ({
      ...d,
      isCompleted: d.id !== 3,
      lastCompleted: d.id !== 3 ? '2026-11-20T10:00:00.000Z' : null,
    }));
    const view = withPendingOperations(start, [
      op({ type: 'start', dayId: 3, sessionId: S1 }),
      op({ type: 'complete', dayId: 3, sessionId: S1 }),
    ]);
    expect(view.workoutState).toEqual(workoutState(1, 5));
    expect(view.workoutDays.map((d) => [d.isCompleted, d.canPerform])).toEqual([
      [false, true],
      [false, false],
      [false, false],
    ]);
    expect(view.workoutDays[0].lastCompleted).toBe('2026-11-20T10:00:00.000Z');
  });

  it('never moves the rotation for a day that is not next any more (completed on another device meanwhile)', () => {
    const view = withPendingOperations(server(2), [
      op({ type: 'start', dayId: 1, sessionId: S1 }),
      op({ type: 'complete', dayId: 1, sessionId: S1 }),
    ]);
    expect(view.workoutState).toEqual(workoutState(2));
    expect(view.openSession).toBeNull();
  });

  it('plays a backlog of several offline workouts in order: three days make a cycle', () => {
    const operations = [1, 2, 3, 1].flatMap((dayId, i) => {
      const sessionId = `6740f0c2a1b2c3d4e5f6000${i + 3}`;
      return [op({ type: 'start', dayId, sessionId }), op({ type: 'complete', dayId, sessionId })];
    });
    const view = withPendingOperations(server(), operations);
    expect(view.workoutState).toEqual(workoutState(2, 1));
  });

  it('ends the unfinished workout on Exit, and a new start replaces an unfinished one', () => {
    const open = { ...server(), openSession: session(day(1), S1) };
    expect(withPendingOperations(open, [op({ type: 'end', dayId: 1, sessionId: S1 })]).openSession).toBeNull();
    const replaced = withPendingOperations(open, [op({ type: 'start', dayId: 1, sessionId: S2 })]);
    expect(replaced.openSession?.id).toBe(S2);
  });

  it('ignores a save or end of a session that is not the unfinished one', () => {
    const open = { ...server(), openSession: session(day(1), S1) };
    const view = withPendingOperations(open, [
      op({ type: 'save', dayId: 1, sessionId: S2, exercises: firstExerciseDone() }),
      op({ type: 'end', dayId: 1, sessionId: S2 }),
    ]);
    expect(view.openSession?.id).toBe(S1);
    expect(completedCount(view)).toBe(0);
  });

  it('resets a day: its sets blank, its unfinished workout ended, the rotation unchanged', () => {
    const done = day(1, { exercises: firstExerciseDone() });
    const start = { ...server(), openSession: session(done, S1) };
    start.workoutDays = [done, day(2), day(3)];
    const view = withPendingOperations(start, [op({ type: 'resetDay', dayId: 1 })]);
    expect(view.openSession).toBeNull();
    expect(view.workoutDays[0].exercises.flatMap((e) => e.sets).some((set) => set.completed)).toBe(false);
    expect(view.workoutState).toEqual(start.workoutState);
  });
});
