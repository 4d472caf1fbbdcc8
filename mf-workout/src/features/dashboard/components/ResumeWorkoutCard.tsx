import type { Session, WorkoutDay } from '@hit/contracts';
import { Button } from '@hit/ui';
import { muscleGroupsText, setProgress } from '../logic/dayCard';
import { templateDayNumber } from '../logic/rotation';
import { PlayIcon } from './icons';
import { ActionRow, Eyebrow, HeroCard, HeroTitle, Muted } from './layout';

export interface ResumeWorkoutCardProps {
  day: WorkoutDay;
  session: Session;
  onResume: () => void;
}

/**
 * An unfinished workout (the tab was closed mid-way) is offered for resume
 * (docs/product-rules.md, "Starting a workout").
 */
export function ResumeWorkoutCard({ day, session, onResume }: ResumeWorkoutCardProps) {
  const { done, total } = setProgress({ exercises: session.exercises, isCompleted: false });
  return (
    <HeroCard aria-label="Resume workout">
      <Eyebrow>Resume workout</Eyebrow>
      <HeroTitle>You have an unfinished Day {templateDayNumber(day.id)} workout</HeroTitle>
      <Muted>
        {muscleGroupsText(day)} · {done} of {total} sets done. Every set you completed was saved.
      </Muted>
      <ActionRow>
        <Button size="lg" onClick={onResume}>
          <PlayIcon />
          Resume
        </Button>
      </ActionRow>
    </HeroCard>
  );
}
