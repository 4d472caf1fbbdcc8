// The dashboard feature's one public entry: the screen mf_workout/WorkoutDashboard exposes.
export { Dashboard } from './components/Dashboard';
