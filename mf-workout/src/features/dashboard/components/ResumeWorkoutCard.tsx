import { Button, ButtonLink } from '@hit/ui';
import { muscleGroupsText } from '../logic/dayCard';
import { templateDayNumber } from '../logic/rotation';
import type { UnfinishedWorkout } from '../logic/unfinishedWorkout';
import { ChartIcon, PlayIcon } from './icons';
import { ActionRow, Eyebrow, HeroCard, HeroTitle, Muted } from './layout';

export interface ResumeWorkoutCardProps {
  unfinished: UnfinishedWorkout;
  resuming: boolean;
  onResume: () => void;
}

/**
 * The hero card while a workout is unfinished, in place of the ready-for-next-workout card: left by Exit or by a
 * closed tab, it reads the same (docs/product-rules.md, "Starting a workout").
 */
export function ResumeWorkoutCard({ unfinished, resuming, onResume }: ResumeWorkoutCardProps) {
  const { day, done, total } = unfinished;
  return (
    <HeroCard aria-label="Resume workout">
      <Eyebrow>Resume workout</Eyebrow>
      <HeroTitle>You have an unfinished Day {templateDayNumber(day.id)} workout</HeroTitle>
      <Muted>
        {muscleGroupsText(day)} · {done} of {total} sets done. Every set you completed was saved.
      </Muted>
      <ActionRow>
        <Button size="lg" onClick={onResume} disabled={resuming} aria-busy={resuming || undefined}>
          <PlayIcon />
          {resuming ? 'Resuming...' : 'Resume Workout'}
        </Button>
        <ButtonLink to="/progress" variant="secondary" size="lg">
          <ChartIcon />
          Progress Analytics
        </ButtonLink>
      </ActionRow>
    </HeroCard>
  );
}
