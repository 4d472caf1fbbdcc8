import { useEffect, useId, useRef } from 'react';
import styled from 'styled-components';
import type { WorkoutDay } from '@hit/contracts';
import { Alert, Button, Spinner, theme } from '@hit/ui';
import { muscleGroupsText } from '../logic/sets';
import type { FinishState } from '../logic/workoutReducer';
import { formatDuration, formatVolume, type WorkoutSummary } from '../logic/workoutSummary';

const Screen = styled.section`
  display: grid;
  justify-items: center;
  gap: ${theme.space.md};
  padding: ${theme.space.xxl} ${theme.space.md};
  text-align: center;
`;

const Badge = styled.div`
  display: grid;
  place-items: center;
  width: 5.5rem;
  height: 5.5rem;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.accentSoft};
  color: ${theme.colors.accent};
  border: 3px solid ${theme.colors.accent};
`;

const Title = styled.h1`
  font-size: ${theme.fontSizes.xxxl};
  font-weight: ${theme.fontWeights.black};
  &:focus {
    outline: none;
  }
`;

const DayName = styled.p`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};
`;

const Muted = styled.p`
  color: ${theme.colors.textMuted};
`;

const Facts = styled.ul`
  list-style: none;
  margin: 0;
  padding: ${theme.space.md};
  display: grid;
  gap: ${theme.space.xs};
  width: 100%;
  max-width: 22rem;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  li {
    display: flex;
    align-items: center;
    justify-content: center;
    gap: ${theme.space.xs};
    font-weight: ${theme.fontWeights.bold};
  }
  svg {
    color: ${theme.colors.success};
  }
`;

const Numbers = styled.dl`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.space.sm};
  width: 100%;
  max-width: 22rem;
  margin: 0;
  div {
    padding: ${theme.space.sm};
    border: 1px solid ${theme.colors.border};
    border-radius: ${theme.radii.md};
    background: ${theme.colors.surface};
  }
  dt {
    font-size: ${theme.fontSizes.sm};
    color: ${theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-size: ${theme.fontSizes.lg};
    font-weight: ${theme.fontWeights.black};
    font-variant-numeric: tabular-nums;
  }
`;

const Records = styled.section`
  width: 100%;
  max-width: 22rem;
  display: grid;
  gap: ${theme.space.xs};
  h2 {
    font-size: ${theme.fontSizes.md};
    font-weight: ${theme.fontWeights.bold};
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: ${theme.space.xxs};
  }
`;

const Actions = styled.div`
  display: grid;
  gap: ${theme.space.sm};
  width: 100%;
  max-width: 22rem;
`;

const Check = () => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="3"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
);

interface WorkoutCompleteProps {
  state: FinishState;
  day: WorkoutDay;
  exerciseCount: number;
  /** How long, how much and which records: shown beside the spec's lines. */
  summary: WorkoutSummary;
  onRetry: () => void;
  onReturnHome: () => void;
}

/** Shown under 'Progress saved' when the api has not taken the workout yet (issue #18). */
export const WILL_SYNC_TEXT = "Saved on this device: it will sync when you're back online.";

/** The end of a workout: saving it, then 'Workout Complete!' (or what went wrong, with Try again). */
export function WorkoutComplete({ state, day, exerciseCount, summary, onRetry, onReturnHome }: WorkoutCompleteProps) {
  const title = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (state.name !== 'finishing') title.current?.focus();
  }, [state.name]);

  if (state.name === 'finishing') {
    return (
      <Screen aria-label="Finishing workout">
        <Spinner size="lg" label="Saving your workout" />
        <Muted>Saving your workout…</Muted>
      </Screen>
    );
  }

  if (state.name === 'failed') {
    return (
      <Screen aria-labelledby={titleId}>
        <Title id={titleId} ref={title} tabIndex={-1}>
          Almost there
        </Title>
        <Alert title="The workout could not be finished">{state.message} The sets you logged are not lost.</Alert>
        <Actions>
          <Button size="lg" fullWidth onClick={onRetry}>
            Try again
          </Button>
          <Button size="lg" variant="secondary" fullWidth onClick={onReturnHome}>
            Return to Home
          </Button>
        </Actions>
      </Screen>
    );
  }

  return (
    <Screen aria-labelledby={titleId}>
      <Badge>
        <svg
          width="44"
          height="44"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      </Badge>
      <Title id={titleId} ref={title} tabIndex={-1}>
        Workout Complete!
      </Title>
      <div>
        <DayName>{day.name}</DayName>
        <Muted>{muscleGroupsText(day.muscleGroups)}</Muted>
      </div>
      <Facts>
        <li>
          <Check /> All {exerciseCount} exercises completed
        </li>
        <li>
          <Check /> Progress saved
        </li>
      </Facts>
      {!state.synced && <Muted role="status">{WILL_SYNC_TEXT}</Muted>}
      <Numbers>
        <div>
          <dt>Duration</dt>
          <dd>{formatDuration(summary.durationMs)}</dd>
        </div>
        <div>
          <dt>Volume</dt>
          <dd>
            {formatVolume(summary.volume)} {summary.unit}
          </dd>
        </div>
      </Numbers>
      <Records aria-labelledby={`${titleId}-records`}>
        <h2 id={`${titleId}-records`}>Personal records</h2>
        {summary.records.length === 0 ? (
          <Muted>No new records this time.</Muted>
        ) : (
          <ul>
            {summary.records.map((record) => (
              <li key={record.exerciseName}>
                {record.exerciseName}: {record.set}
              </li>
            ))}
          </ul>
        )}
      </Records>
      <Actions>
        <Button size="lg" fullWidth onClick={onReturnHome}>
          Return to Home
        </Button>
      </Actions>
    </Screen>
  );
}
