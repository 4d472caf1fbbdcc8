/**
 * What the dashboard shows while the outbox still holds workout writes (issue #18): the server's last known state with
 * the pending operations played over it, by the same rules the api applies them (`@hit/contracts/rules`). Offline, a
 * completed workout moves the rotation here, and a reload still shows it, because both the server's state and the
 * outbox are kept in IndexedDB. Once the api has applied the operations, its answer replaces the server's state and
 * nothing is left to play.
 */
import type { Session, SyncOperation, WorkoutDay, WorkoutState } from '@hit/contracts';
import { clearedExercises, completeInRotation, isRecommendedDay } from '@hit/contracts/rules';

export interface WorkoutView {
  workoutDays: WorkoutDay[];
  workoutState: WorkoutState;
  /** The unfinished workout to offer for resume (null: none). */
  openSession: Session | null;
}

/** A fresh performance of the day: its sets blank (the api clears a day after completing or resetting it). */
function freshDay(day: WorkoutDay): WorkoutDay {
  return { ...day, exercises: clearedExercises(day.exercises) };
}

function apply(view: WorkoutView, op: SyncOperation): WorkoutView {
  const { openSession } = view;
  const closes = (sessionId: string) => (openSession?.id === sessionId ? null : openSession);
  switch (op.type) {
    case 'start': {
      if (openSession?.id === op.sessionId) return view;
      const day = view.workoutDays.find((candidate) => candidate.id === op.dayId);
      if (!day) return view;
      // Starting ends any other unfinished workout, as on the api.
      const session: Session = {
        id: op.sessionId,
        dayId: op.dayId,
        exercises: day.exercises,
        startedAt: op.at,
        endedAt: null,
      };
      return { ...view, openSession: session };
    }
    case 'save':
      if (openSession?.id !== op.sessionId) return view;
      // The day holds its current performance's sets too, as on the api: after Exit ends the session, the dashboard
      // still shows the sets done (and offers to resume them) before the api has answered.
      return {
        ...view,
        workoutDays: view.workoutDays.map((day) =>
          day.id === openSession.dayId ? { ...day, exercises: op.exercises } : day,
        ),
        openSession: { ...openSession, exercises: op.exercises },
      };
    case 'end':
      return { ...view, openSession: closes(op.sessionId) };
    case 'resetDay':
      return {
        ...view,
        workoutDays: view.workoutDays.map((day) => (day.id === op.dayId ? freshDay(day) : day)),
        openSession: openSession?.dayId === op.dayId ? null : openSession,
      };
    case 'complete': {
      const rotation = completeInRotation(view.workoutState, op.dayId);
      // Not the recommended day any more (completed on another device meanwhile): the sets count, the rotation stays.
      if (!rotation.ok) {
        return {
          ...view,
          workoutDays: view.workoutDays.map((day) => (day.id === op.dayId ? freshDay(day) : day)),
          openSession: closes(op.sessionId),
        };
      }
      const workoutState = { ...view.workoutState, ...rotation.state };
      const workoutDays = view.workoutDays.map((day) => {
        const completed =
          day.id === op.dayId
            ? { ...freshDay(day), lastCompleted: op.at, isCompleted: !rotation.startsNewCycle }
            : { ...day, isCompleted: rotation.startsNewCycle ? false : day.isCompleted };
        return { ...completed, canPerform: isRecommendedDay(completed.id, workoutState) };
      });
      return { workoutDays, workoutState, openSession: closes(op.sessionId) };
    }
  }
}

/** The server's state with the outbox's operations applied in order (the same object when there are none). */
export function withPendingOperations(server: WorkoutView, operations: readonly SyncOperation[]): WorkoutView {
  return operations.reduce(apply, server);
}
