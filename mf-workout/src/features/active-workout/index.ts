// The active-workout feature's one public entry: the dashboard renders <ActiveWorkout> after Start.
export { ActiveWorkout, type ActiveWorkoutProps } from './components/ActiveWorkout';
