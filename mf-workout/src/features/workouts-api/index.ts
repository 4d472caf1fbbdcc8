// The workouts-api feature's one public entry: the react-query hook of each workout endpoint other features call.
export { useOpenSession } from './openSession';
export { useWorkoutDays } from './workoutDays';
export { useWorkoutState } from './workoutState';
export { useWorkoutView } from './workoutView';
export { withPendingOperations, type WorkoutView } from './localView';
