import type { Session, WorkoutDay, WorkoutState } from '@hit/contracts';
import type { ServerState } from '@hit/platform';
import { hintsMayHaveChanged, recordsMayHaveChanged } from './useOutboxSync';

const day = (id: number, lastCompleted: string | null): WorkoutDay => ({
  id,
  name: `Day ${id}`,
  muscleGroups: [],
  exercises: [],
  lastCompleted,
  canPerform: id === 1,
  isCompleted: lastCompleted !== null,
});
const DAYS = [day(1, '2026-11-20T10:00:00.000Z'), day(2, null), day(3, null)];
const state = (workoutDays: WorkoutDay[], open: boolean): ServerState => ({
  workoutDays,
  workoutState: {} as WorkoutState,
  openSession: open ? ({ id: 'session' } as unknown as Session) : null,
});

describe("when a sync answer refreshes the 'Last time' hints", () => {
  it('not while the workout is open and no day was completed: its own sets are not the last performance', () => {
    expect(hintsMayHaveChanged(DAYS, state(DAYS, true))).toBe(false);
  });

  it('once the workout has ended (completed or left)', () => {
    expect(hintsMayHaveChanged(DAYS, state(DAYS, false))).toBe(true);
  });

  it('when a day was completed in the batch, though a workout is open again (an offline backlog)', () => {
    const after = [DAYS[0], day(2, '2026-11-21T10:00:00.000Z'), DAYS[2]];
    expect(hintsMayHaveChanged(DAYS, state(after, true))).toBe(true);
  });

  it('when the days were not known before', () => {
    expect(hintsMayHaveChanged(undefined, state(DAYS, true))).toBe(true);
  });
});

describe('when a sync answer refreshes the records and the goals', () => {
  const answer = (workingSetsVersion: number | undefined): ServerState => ({
    ...state(DAYS, true),
    workingSetsVersion,
  });

  it('not when the working sets are at the version of the previous answer: a warm-up makes no record', () => {
    expect(recordsMayHaveChanged(7, answer(7))).toBe(false);
  });

  it('when a working set moved the version', () => {
    expect(recordsMayHaveChanged(7, answer(8))).toBe(true);
  });

  it("on this outbox's first answer, and on an answer of an api that sends no version", () => {
    expect(recordsMayHaveChanged(undefined, answer(7))).toBe(true);
    expect(recordsMayHaveChanged(7, answer(undefined))).toBe(true);
    expect(recordsMayHaveChanged(undefined, answer(undefined))).toBe(true);
  });
});
