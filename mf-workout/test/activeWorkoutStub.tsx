import type { ActiveWorkoutProps } from '../src/features/active-workout';

/**
 * Stands in for the active workout screen (its own tests cover it): shows what the dashboard handed over and
 * closes like the real one.
 */
export function ActiveWorkoutStub({ day, session, onClose }: ActiveWorkoutProps) {
  return (
    <main aria-label="Active workout">
      <h1>{day.name} in progress</h1>
      <p>{session ? `Session ${session.id}` : 'Local mode (no session)'}</p>
      <p>{day.exercises.length} exercises handed over</p>
      <button onClick={onClose}>Exit</button>
    </main>
  );
}
