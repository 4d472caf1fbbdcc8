import { useId } from 'react';
import { Link } from '@hit/routing';
import type { Goal } from '@hit/contracts';
import { formatDate, formatDay } from '@hit/contracts/rules';
import { isAccessDenied, type Access } from '@hit/platform';
import { TextButton, theme } from '@hit/ui';
import styled from 'styled-components';
import { useGoals } from '../hooks/useGoals';

const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  padding: ${theme.space.lg};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
`;

const Title = styled.h2`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${theme.space.md};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: 0 ${theme.space.sm};
`;

const Exercise = styled.p`
  font-weight: ${theme.fontWeights.bold};
`;

const Small = styled.p<{ $tone?: 'success' }>`
  font-size: ${theme.fontSizes.sm};
  font-variant-numeric: tabular-nums;
  color: ${({ $tone }) => ($tone ? theme.colors[$tone] : theme.colors.textMuted)};
`;

const Track = styled.div`
  height: 0.5rem;
  margin-top: ${theme.space.xxs};
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surfaceRaised};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  border-radius: inherit;
  background: ${theme.colors.accent};
`;

/** Its own target, 44 px tall, though it reads as a link at the end of the sentence. */
const InlineLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: ${theme.layout.minTouchTarget};
  color: ${theme.colors.accent};
  font-weight: ${theme.fontWeights.bold};
  text-underline-offset: 3px;
`;

/** 'Mar 3, 2026'. A bare day (a target date) is read as that day wherever the device is. */
const dateText = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? formatDay(date) : formatDate(date));

/** '225 lbs × 6' */
const targetText = (goal: Goal) => `${Math.round(goal.weight * 100) / 100} ${goal.unit} × ${goal.reps}`;

function GoalItem({ goal }: { goal: Goal }) {
  const nameId = useId();
  const percent = Math.min(100, Math.max(0, Math.round(goal.percent)));
  return (
    <li>
      <Row>
        <Exercise id={nameId}>{goal.exerciseName}</Exercise>
        <Small>{targetText(goal)}</Small>
      </Row>
      {goal.achievedAt ? (
        <Small $tone="success">Achieved on {dateText(goal.achievedAt)}</Small>
      ) : (
        <>
          <Track
            role="progressbar"
            aria-labelledby={nameId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}% of ${targetText(goal)}`}
          >
            <Fill style={{ width: `${percent}%` }} />
          </Track>
          <Row>
            <Small>{percent}%</Small>
            {goal.targetDate && <Small>by {dateText(goal.targetDate)}</Small>}
          </Row>
        </>
      )}
    </li>
  );
}

/**
 * The lifter's goals on the dashboard (docs/product-rules.md, "Goals"): the open ones with their progress, then the
 * achieved ones with their date; set in Progress Analytics. Loads on its own, never holding up the rest of the
 * dashboard; not shown without access (the trial-expired overlay says why).
 */
export function GoalsCard({ access }: { access: Access }) {
  const titleId = useId();
  const allowed = !access.isLoading && access.canAccessFeatures;
  const goals = useGoals({ enabled: allowed });

  if ((!access.isLoading && !allowed) || isAccessDenied(goals.error)) return null;

  let body;
  if (goals.data) {
    const sorted = [...goals.data.filter((goal) => !goal.achievedAt), ...goals.data.filter((goal) => goal.achievedAt)];
    body = sorted.length ? (
      <List>
        {sorted.map((goal) => (
          <GoalItem key={goal.id} goal={goal} />
        ))}
      </List>
    ) : (
      <Small>
        No goals yet. <InlineLink to="/progress">Set a goal in Progress Analytics</InlineLink>
      </Small>
    );
  } else if (goals.isError) {
    body = (
      <Small>
        Your goals didn&apos;t load.{' '}
        <TextButton onClick={() => void goals.refetch()} disabled={goals.isFetching}>
          Try again
        </TextButton>
      </Small>
    );
  } else {
    // A line, not a status spinner: the toasts are the dashboard's one status region.
    body = <Small>Loading your goals…</Small>;
  }

  return (
    <Card aria-labelledby={titleId}>
      <Title id={titleId}>Goals</Title>
      {body}
    </Card>
  );
}
