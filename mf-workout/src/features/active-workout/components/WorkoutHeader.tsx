import styled from 'styled-components';
import type { WorkoutDay } from '@hit/contracts';
import { muscleGroupsText } from '../logic/sets';
import { TOAST_ROOM, theme } from '@hit/ui';

const Header = styled.header`
  position: sticky;
  top: 0;
  z-index: 10;
  display: grid;
  gap: ${theme.space.xs};
  margin: 0 -${theme.space.md};
  padding: ${theme.space.sm} ${theme.space.md};
  /* Below a toast, which makes room for itself at the top of the window, and reaching up under it: what scrolls by
     goes under the header, never into sight between the header and the toast. */
  margin-top: calc(-1 * ${TOAST_ROOM});
  padding-top: calc(${theme.space.sm} + ${TOAST_ROOM});
  background: ${theme.colors.background};
  border-bottom: 1px solid ${theme.colors.border};
`;

const TopRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space.sm};
`;

const ExitButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xxs};
  min-height: ${theme.layout.minTouchTarget};
  padding: 0 ${theme.space.sm};
  margin-left: -${theme.space.sm};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font-weight: ${theme.fontWeights.bold};
  cursor: pointer;
  &:disabled {
    opacity: 0.6;
    cursor: progress;
  }
`;

const SetCount = styled.p`
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.black};
  font-variant-numeric: tabular-nums;
  span {
    font-size: ${theme.fontSizes.sm};
    font-weight: ${theme.fontWeights.medium};
    color: ${theme.colors.textMuted};
  }
`;

const Title = styled.h1`
  font-size: ${theme.fontSizes.xl};
  font-weight: ${theme.fontWeights.black};
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: 0 ${theme.space.xs};
`;

const MuscleGroups = styled.span`
  font-size: ${theme.fontSizes.md};
  font-weight: ${theme.fontWeights.medium};
  color: ${theme.colors.textMuted};
`;

const ProgressRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space.sm};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  white-space: nowrap;
`;

const Track = styled.div`
  flex: 1;
  height: 8px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surfaceRaised};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  border-radius: inherit;
  background: ${theme.colors.accent};
  transition: width 300ms ease;
`;

interface WorkoutHeaderProps {
  day: WorkoutDay;
  completedSets: number;
  totalSets: number;
  /** 1-based number of the active exercise. */
  exerciseNumber: number;
  exerciseCount: number;
  exiting: boolean;
  onExit: () => void;
}

/** Exit, the day, 'N/M sets', 'Exercise n of m' and the progress bar; stays on top while the list scrolls. */
export function WorkoutHeader({
  day,
  completedSets,
  totalSets,
  exerciseNumber,
  exerciseCount,
  exiting,
  onExit,
}: WorkoutHeaderProps) {
  const percent = totalSets === 0 ? 0 : Math.round((completedSets / totalSets) * 100);
  return (
    <Header>
      <TopRow>
        <ExitButton type="button" onClick={onExit} disabled={exiting} aria-busy={exiting || undefined}>
          <svg
            width="18"
            height="18"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M15 18l-6-6 6-6" />
          </svg>
          {exiting ? 'Saving…' : 'Exit'}
        </ExitButton>
        <SetCount>
          {completedSets}/{totalSets} <span>sets</span>
        </SetCount>
      </TopRow>
      <Title>
        {day.name}
        <MuscleGroups>{muscleGroupsText(day.muscleGroups)}</MuscleGroups>
      </Title>
      <ProgressRow>
        <span>
          Exercise {exerciseNumber} of {exerciseCount}
        </span>
        <Track
          role="progressbar"
          aria-label="Workout progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${completedSets} of ${totalSets} sets done`}
        >
          <Fill style={{ width: `${percent}%` }} />
        </Track>
        <span>{percent}%</span>
      </ProgressRow>
    </Header>
  );
}
