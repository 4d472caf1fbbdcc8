import type { WorkoutDashboardProps } from '@hit/contracts';
import { BuildLabel } from '@hit/ui';
import { buildLabel, remoteVersion } from '../buildInfo';
import { Dashboard } from '../features/dashboard';

/** mf_workout/WorkoutDashboard, rendered by the shell at /home. */
export default function WorkoutDashboard(_props: WorkoutDashboardProps) {
  return (
    <>
      <Dashboard />
      <BuildLabel label={buildLabel()} version={remoteVersion()} />
    </>
  );
}
