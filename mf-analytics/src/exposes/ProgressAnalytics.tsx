import type { ProgressAnalyticsProps } from '@hit/contracts';
import { BuildLabel } from '@hit/ui';
import { buildLabel, remoteVersion } from '../buildInfo';
import { ProgressAnalyticsScreen } from '../features/progress/components/ProgressAnalyticsScreen';

/** The exposed screen (`mf_analytics/ProgressAnalytics`): rendered by the shell at /progress and /analytics. */
export default function ProgressAnalytics({ onBack }: ProgressAnalyticsProps) {
  return (
    <>
      <ProgressAnalyticsScreen onBack={onBack} />
      <BuildLabel label={buildLabel()} version={remoteVersion()} />
    </>
  );
}
