import type { ProgressAnalyticsProps } from '@hit/contracts';
import { Button, ButtonLink, Card, PageContainer } from '@hit/ui';
import { useQueryClient } from '@tanstack/react-query';

// Placeholder until the charts, recommendations and summary tiles arrive.
export default function ProgressAnalytics({ onBack }: ProgressAnalyticsProps) {
  // The shell's QueryClient through the shared singleton; throws if react-query were not shared.
  useQueryClient();

  return (
    <PageContainer>
      <div>
        {onBack ? (
          <Button variant="ghost" onClick={onBack}>
            Back
          </Button>
        ) : (
          <ButtonLink to="/home" variant="ghost">
            Home
          </ButtonLink>
        )}
      </div>
      <Card title="Progress Analytics">
        <p>Your weight progression and rep consistency will appear here.</p>
      </Card>
    </PageContainer>
  );
}
