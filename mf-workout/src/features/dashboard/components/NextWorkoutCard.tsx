import type { WorkoutDay } from '@hit/contracts';
import { Button, ButtonLink, theme } from '@hit/ui';
import styled from 'styled-components';
import { muscleGroupsText, setProgress } from '../logic/dayCard';
import { templateDayNumber } from '../logic/rotation';
import { ChartIcon, PlayIcon } from './icons';
import { ActionRow, Eyebrow, HeroCard, HeroTitle, Muted } from './layout';

const MuscleGroups = styled.p`
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
`;

export interface NextWorkoutCardProps {
  day: WorkoutDay;
  starting: boolean;
  onStart: () => void;
}

/**
 * The ready-for-next-workout card with Start and a link to Progress Analytics
 * (docs/product-rules.md, "Screens and routes").
 */
export function NextWorkoutCard({ day, starting, onStart }: NextWorkoutCardProps) {
  const { total } = setProgress(day);
  const title = `Ready for Day ${templateDayNumber(day.id)}`;
  return (
    <HeroCard aria-label={title}>
      <Eyebrow>Up next</Eyebrow>
      <HeroTitle>{title}</HeroTitle>
      <MuscleGroups>{muscleGroupsText(day)}</MuscleGroups>
      <Muted>
        {day.exercises.length} exercises · {total} sets · two warm-ups and one working set each
      </Muted>
      <ActionRow>
        <Button size="lg" onClick={onStart} disabled={starting} aria-busy={starting || undefined}>
          <PlayIcon />
          {starting ? 'Starting...' : 'Start Workout'}
        </Button>
        <ButtonLink to="/progress" variant="secondary" size="lg">
          <ChartIcon />
          Progress Analytics
        </ButtonLink>
      </ActionRow>
    </HeroCard>
  );
}
