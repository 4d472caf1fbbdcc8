import { useId } from 'react';
import type { WorkoutDay, WorkoutState } from '@hit/contracts';
import styled from 'styled-components';
import { IN_PROGRESS_STATUS, dayStatus } from '../logic/dayCard';
import type { RestPeriod } from '../logic/restPeriod';
import { isNextDay } from '../logic/rotation';
import { WorkoutDayCard } from './WorkoutDayCard';
import { theme } from '@hit/ui';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${theme.space.md};
`;

const SectionTitle = styled.h2`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.bold};
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${theme.space.md};

  ${theme.media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${theme.media.desktop} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

export interface WorkoutDaysSectionProps {
  days: WorkoutDay[];
  state: WorkoutState;
  rest: RestPeriod;
  startingDayId: number | null;
  /** The day whose workout is unfinished (see unfinishedWorkout), or null. */
  unfinishedDayId: number | null;
  onStart: (day: WorkoutDay) => void;
}

/** The grid of the three day cards. */
export function WorkoutDaysSection({
  days,
  state,
  rest,
  startingDayId,
  unfinishedDayId,
  onStart,
}: WorkoutDaysSectionProps) {
  const titleId = useId();
  return (
    <Section aria-labelledby={titleId}>
      <SectionTitle id={titleId}>Your Workout Days</SectionTitle>
      <Grid>
        {days.map((day) => (
          <WorkoutDayCard
            key={day.id}
            day={day}
            isNext={isNextDay(day, state)}
            status={day.id === unfinishedDayId ? IN_PROGRESS_STATUS : dayStatus(day, state, rest)}
            starting={startingDayId === day.id}
            unfinished={day.id === unfinishedDayId}
            onStart={() => onStart(day)}
          />
        ))}
      </Grid>
    </Section>
  );
}
