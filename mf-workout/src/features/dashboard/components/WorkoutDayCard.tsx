import { useId, type ComponentType } from 'react';
import type { WorkoutDay } from '@hit/contracts';
import { Badge, Button, ButtonLink, VisuallyHidden, type BadgeVariant, theme } from '@hit/ui';
import styled, { css } from 'styled-components';
import {
  COMPLETE_NEXT_DAY_FIRST,
  lastCompletedText,
  muscleGroupsText,
  setProgress,
  type DayStatus,
} from '../logic/dayCard';
import { CalendarIcon, ChartIcon, CheckIcon, LockIcon, MoonIcon, PlayIcon } from './icons';

const Card = styled.article<{ $next: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.sm};
  min-width: 0;
  padding: ${theme.space.lg};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  box-shadow: ${theme.shadows.card};
  ${({ $next }) =>
    $next &&
    css`
      border-color: ${theme.colors.accent};
      box-shadow:
        0 0 0 1px ${theme.colors.accent},
        ${theme.shadows.card};
    `}
`;

const TitleRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
`;

const DayName = styled.h3`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.black};
`;

const MuscleGroups = styled.p`
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.text};
`;

const Stats = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${theme.space.xs};
  margin: 0;
`;

const Stat = styled.div`
  padding: ${theme.space.xs} ${theme.space.sm};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};

  dt {
    font-size: ${theme.fontSizes.xs};
    color: ${theme.colors.textMuted};
    text-transform: uppercase;
    letter-spacing: 0.06em;
  }
  dd {
    margin: 0;
    font-size: ${theme.fontSizes.lg};
    font-weight: ${theme.fontWeights.bold};
  }
`;

const Line = styled.p`
  display: flex;
  align-items: center;
  gap: ${theme.space.xs};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  svg {
    flex: none;
  }
`;

const StatusRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.xs};
`;

const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.xs};
  margin-top: auto;
  padding-top: ${theme.space.xs};
`;

const statusLook: Record<DayStatus['kind'], { variant: BadgeVariant; icon: ComponentType }> = {
  completed: { variant: 'success', icon: CheckIcon },
  resting: { variant: 'warning', icon: () => <MoonIcon size={14} /> },
  ready: { variant: 'accent', icon: PlayIconSmall },
  inProgress: { variant: 'accent', icon: PlayIconSmall },
};

function PlayIconSmall() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M7 4.5v15l12-7.5z" fill="currentColor" />
    </svg>
  );
}

export interface WorkoutDayCardProps {
  day: WorkoutDay;
  isNext: boolean;
  status: DayStatus | null;
  starting: boolean;
  /** The day's workout is unfinished: its button resumes it and says so. */
  unfinished: boolean;
  onStart: () => void;
}

/**
 * A workout day card (docs/product-rules.md, "Screens and routes"). Start stays pressable on every day: the dashboard
 * explains what is not allowed.
 */
export function WorkoutDayCard({ day, isNext, status, starting, unfinished, onStart }: WorkoutDayCardProps) {
  const titleId = useId();
  const { done, total } = setProgress(day);
  const StatusIcon = status ? statusLook[status.kind].icon : null;
  const verb = unfinished ? 'Resume' : 'Start';
  const busyVerb = unfinished ? 'Resuming' : 'Starting';

  return (
    <Card aria-labelledby={titleId} $next={isNext}>
      <TitleRow>
        <DayName id={titleId}>{day.name}</DayName>
        {isNext && (
          <Badge variant="accent">
            <span aria-hidden="true">Next</span>
            {/* Read out instead of the badge's text: aria-label is not allowed on a span. */}
            <VisuallyHidden>Next recommended day</VisuallyHidden>
          </Badge>
        )}
      </TitleRow>
      <MuscleGroups>{muscleGroupsText(day)}</MuscleGroups>
      <Stats>
        <Stat>
          <dt>Exercises</dt>
          <dd>{day.exercises.length}</dd>
        </Stat>
        <Stat>
          <dt>Sets completed</dt>
          <dd>
            {done} of {total}
          </dd>
        </Stat>
      </Stats>
      {status && StatusIcon && (
        <StatusRow>
          <Badge variant={statusLook[status.kind].variant}>
            <StatusIcon />
            {status.text}
          </Badge>
        </StatusRow>
      )}
      {!isNext && (
        <Line>
          <LockIcon />
          {COMPLETE_NEXT_DAY_FIRST}
        </Line>
      )}
      {day.lastCompleted && (
        <Line>
          <CalendarIcon />
          Last completed: {lastCompletedText(day.lastCompleted)}
        </Line>
      )}
      <Actions>
        <Button
          variant={isNext ? 'primary' : 'secondary'}
          onClick={onStart}
          disabled={starting}
          aria-label={`${starting ? busyVerb : verb} ${day.name}`}
          aria-busy={starting || undefined}
        >
          <PlayIcon />
          {starting ? `${busyVerb}...` : verb}
        </Button>
        <ButtonLink to="/progress" variant="ghost">
          <ChartIcon />
          Progress Analytics
        </ButtonLink>
      </Actions>
    </Card>
  );
}
