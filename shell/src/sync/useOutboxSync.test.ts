import type { Session, WorkoutDay, WorkoutState } from '@hit/contracts';
import type { ServerState } from '@hit/platform';
import { hintsMayHaveChanged } from './useOutboxSync';

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
