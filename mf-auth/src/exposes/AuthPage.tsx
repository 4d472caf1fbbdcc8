import type { AuthPageProps } from '@hit/contracts';
import { ButtonLink, Card, PageContainer } from '@hit/ui';
import { useQueryClient } from '@tanstack/react-query';

// Placeholder until the sign-in and create-account forms arrive.
export default function AuthPage(_props: AuthPageProps) {
  // The shell's QueryClient through the shared singleton; throws if react-query were not shared.
  useQueryClient();

  return (
    <PageContainer>
      <Card title="Sign in">
        <p>Sign-in and account creation are on their way.</p>
        <div>
          <ButtonLink to="/" variant="ghost">
            Back to the start page
          </ButtonLink>
        </div>
      </Card>
    </PageContainer>
  );
}
