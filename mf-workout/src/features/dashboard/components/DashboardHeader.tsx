import { displayName, openAccountPanel, useUser } from '@hit/platform';
import { Badge, Button, theme } from '@hit/ui';
import styled from 'styled-components';
import { cycleNumber, templateDayNumber } from '../logic/rotation';
import { UserIcon } from './icons';

const Header = styled.header`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${theme.space.md};
`;

const Heading = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  min-width: 0;
`;

const Greeting = styled.p`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Title = styled.h1`
  font-size: ${theme.fontSizes.xxl};
  font-weight: ${theme.fontWeights.black};
  letter-spacing: -0.01em;

  ${theme.media.tablet} {
    font-size: ${theme.fontSizes.xxxl};
  }
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.xs};
`;

const AccountButton = styled(Button)`
  flex: none;
  padding: 0 ${theme.space.md};
`;

export interface DashboardHeaderProps {
  cycleCount: number;
  nextRecommendedDay: number;
}

/** Title, the cycle and next-day badges, and the way to the account panel. */
export function DashboardHeader({ cycleCount, nextRecommendedDay }: DashboardHeaderProps) {
  const { data: user } = useUser();
  return (
    <Header>
      <Heading>
        {user && <Greeting>Hi, {displayName(user)}. Let&apos;s train.</Greeting>}
        <Title>Workout Dashboard</Title>
        <Badges>
          <Badge>Cycle {cycleNumber(cycleCount)}</Badge>
          <Badge variant="accent">Next: Day {templateDayNumber(nextRecommendedDay)}</Badge>
        </Badges>
      </Heading>
      <AccountButton variant="secondary" onClick={openAccountPanel}>
        <UserIcon />
        Account
      </AccountButton>
    </Header>
  );
}
