import type { ProgressAnalyticsProps } from '@hit/contracts';
import { ProgressAnalyticsScreen } from '../features/progress/components/ProgressAnalyticsScreen';

/** The exposed screen (`mf_analytics/ProgressAnalytics`): rendered by the shell at /progress and /analytics. */
export default function ProgressAnalytics({ onBack }: ProgressAnalyticsProps) {
  return <ProgressAnalyticsScreen onBack={onBack} />;
}
