import type { WorkoutDashboardProps } from '@hit/contracts';
import { useLogout, useUser } from '@hit/platform';
import { Button, ButtonLink, Card, PageContainer } from '@hit/ui';
import styled from 'styled-components';

const SignedInAs = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

// Placeholder until the workout days, active workout and rest timer arrive.
export default function WorkoutDashboard(_props: WorkoutDashboardProps) {
  // The user the shell already loaded: shared @hit/platform + shared QueryClient, so no second request.
  const { data: user } = useUser();
  const logout = useLogout();

  return (
    <PageContainer>
      <Card title="Workout dashboard">
        {user && <SignedInAs>Signed in as {user.email}</SignedInAs>}
        <p>Your workout days will appear here.</p>
        <Actions>
          <ButtonLink to="/progress" variant="secondary">
            Progress Analytics
          </ButtonLink>
          {/* Temporary: Sign Out moves to the account details panel (mf-account) when it lands. */}
          <Button variant="ghost" onClick={() => logout.mutate()} disabled={logout.isPending}>
            Sign out
          </Button>
        </Actions>
      </Card>
    </PageContainer>
  );
}
