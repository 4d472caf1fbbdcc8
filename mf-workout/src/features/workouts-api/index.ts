// The workouts-api feature's one public entry: the react-query hook of each workout endpoint other features call.
export { useOpenSession } from './openSession';
export { useResetWorkoutDay } from './resetWorkoutDay';
export { useStartSession } from './startSession';
export { useWorkoutDays } from './workoutDays';
export { useWorkoutState } from './workoutState';
