import type { WorkoutDashboardProps } from '@hit/contracts';
import { useUser } from '@hit/platform';
import { ButtonLink, Card, PageContainer } from '@hit/ui';
import styled from 'styled-components';

const SignedInAs = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

// Placeholder until the workout days, active workout and rest timer arrive.
export default function WorkoutDashboard(_props: WorkoutDashboardProps) {
  // The user the shell already loaded: shared @hit/platform + shared QueryClient, so no second request.
  const { data: user } = useUser();

  return (
    <PageContainer>
      <Card title="Workout dashboard">
        {user && <SignedInAs>Signed in as {user.email}</SignedInAs>}
        <p>Your workout days will appear here.</p>
        <div>
          <ButtonLink to="/progress" variant="secondary">
            Progress Analytics
          </ButtonLink>
        </div>
      </Card>
    </PageContainer>
  );
}
