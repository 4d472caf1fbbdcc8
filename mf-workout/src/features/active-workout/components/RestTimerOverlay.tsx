import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { VisuallyHidden, theme } from '@hit/ui';
import styled, { css } from 'styled-components';
import { REST_TIMER_SECONDS } from '../../../constants';
import { formatClock, restSecondsLeft } from '../logic/restTimer';
import type { RestTimer } from '../logic/workoutReducer';
import { scrollBehavior } from '../lib/scroll';
import { CURRENT_SET_SELECTOR } from './SetEntryForm';

/*
 * In the flow of the active exercise, above the set that comes next: it covers nothing, so Exit, Undo and a glance at
 * the next set stay within reach while the lifter rests (docs/product-rules.md, "Rest timer").
 */
const Panel = styled.div`
  /* Scrolled to as it opens: clear of the sticky header. */
  scroll-margin: 9rem 0 ${theme.space.md};
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: center;
  gap: ${theme.space.sm};
  padding: ${theme.space.md};
  border: 2px solid ${theme.colors.accent};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.background};
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Title = styled.h3`
  grid-column: 1;
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.textMuted};
  text-transform: uppercase;
  letter-spacing: 0.12em;
`;

const Digits = styled.p<{ $paused: boolean }>`
  grid-column: 2;
  grid-row: 1 / span 2;
  font-size: clamp(2.5rem, 13vw, 3.25rem);
  font-weight: ${theme.fontWeights.black};
  font-variant-numeric: tabular-nums;
  letter-spacing: -0.02em;
  line-height: 1;
  ${({ $paused }) =>
    $paused &&
    css`
      color: ${theme.colors.textMuted};
    `}
`;

const Track = styled.div`
  grid-column: 1 / -1;
  height: 6px;
  border-radius: ${theme.radii.pill};
  background: ${theme.colors.surfaceRaised};
  overflow: hidden;
`;

const Fill = styled.div<{ $paused: boolean }>`
  height: 100%;
  border-radius: inherit;
  background: ${({ $paused }) => ($paused ? theme.colors.textMuted : theme.colors.accent)};
`;

const PausedNote = styled.span`
  margin-left: ${theme.space.xs};
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.warning};
  text-transform: uppercase;
  letter-spacing: 0.1em;
`;

const ExerciseName = styled.p`
  grid-column: 1;
  min-width: 0;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const NextSet = styled.p<{ $working: boolean }>`
  grid-column: 1 / -1;
  font-size: ${theme.fontSizes.md};
  font-weight: ${theme.fontWeights.bold};
  ${({ $working }) =>
    $working &&
    css`
      padding: ${theme.space.sm} ${theme.space.md};
      border: 2px solid ${theme.colors.warning};
      border-radius: ${theme.radii.md};
      color: ${theme.colors.warning};
    `}
`;

const Actions = styled.div`
  grid-column: 1 / -1;
  width: 100%;
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.space.sm};
`;

const ActionButton = styled.button<{ $primary?: boolean }>`
  min-height: 48px;
  border-radius: ${theme.radii.md};
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.black};
  cursor: pointer;
  touch-action: manipulation;
  border: 2px solid ${theme.colors.border};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.text};
  ${({ $primary }) =>
    $primary &&
    css`
      border-color: ${theme.colors.accent};
      background: ${theme.colors.accent};
      color: ${theme.colors.onAccent};
    `}
`;

/** What a screen reader hears: the start, each full minute, the last 10 seconds; not every tick. */
function announcement(secondsLeft: number, paused: boolean): string {
  if (paused) return 'Rest timer paused';
  if (secondsLeft === REST_TIMER_SECONDS) return `Rest ${formatClock(secondsLeft)}`;
  if (secondsLeft > 10 && secondsLeft % 60 === 0)
    return `${secondsLeft / 60} ${secondsLeft === 60 ? 'minute' : 'minutes'} left`;
  if (secondsLeft === 10) return '10 seconds left';
  return '';
}

interface RestTimerOverlayProps {
  rest: RestTimer;
  onPause: () => void;
  onResume: () => void;
  onSkip: () => void;
  /** Under the buttons: the rest-over alert's offer on the first rest of a workout. */
  children?: ReactNode;
}

const Extra = styled.div`
  grid-column: 1 / -1;
`;

/**
 * The rest between sets: mm:ss, what comes next (a warning before the working set), Pause/Resume and Skip Rest. A
 * dialog that is not modal: it takes focus as it opens (Escape skips), and the rest of the workout stays usable.
 */
export function RestTimerOverlay({ rest, onPause, onResume, onSkip, children }: RestTimerOverlayProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const secondsLeft = restSecondsLeft(rest.remainingMs);
  const paused = rest.timer.status === 'paused';
  const fraction = Math.min(1, rest.remainingMs / (REST_TIMER_SECONDS * 1000));
  const spoken = announcement(secondsLeft, paused);
  // The live region keeps the last announcement until the next one (kept from an earlier render, as React advises).
  const [lastSpoken, setLastSpoken] = useState('');
  if (spoken && spoken !== lastSpoken) setLastSpoken(spoken);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.scrollIntoView?.({ block: 'nearest', behavior: scrollBehavior() });
    panel.current?.focus({ preventScroll: true });
    return () => {
      // Back where focus was, or on to the set now taking input when that control is gone.
      const target =
        previous && previous !== document.body && previous.isConnected
          ? previous
          : document.querySelector<HTMLElement>(CURRENT_SET_SELECTOR);
      target?.focus({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onSkip();
  };

  return (
    <Panel ref={panel} role="dialog" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
      <Title id={titleId}>Rest</Title>
      <Digits role="timer" $paused={paused}>
        {formatClock(secondsLeft)}
      </Digits>
      <ExerciseName>
        {rest.nextSet.exerciseName}
        {paused && <PausedNote>Paused</PausedNote>}
      </ExerciseName>
      <Track aria-hidden="true">
        <Fill $paused={paused} style={{ width: `${fraction * 100}%` }} />
      </Track>
      <NextSet $working={rest.nextSet.isWorkingSet}>
        {rest.nextSet.isWorkingSet ? 'Next: Working Set — take it to failure' : `Next: ${rest.nextSet.label}`}
      </NextSet>
      <Actions>
        {paused ? (
          <ActionButton type="button" onClick={onResume}>
            Resume
          </ActionButton>
        ) : (
          <ActionButton type="button" onClick={onPause}>
            Pause
          </ActionButton>
        )}
        <ActionButton type="button" $primary onClick={onSkip}>
          Skip Rest
        </ActionButton>
      </Actions>
      {children && <Extra>{children}</Extra>}
      <VisuallyHidden as="p" aria-live="polite">
        {lastSpoken}
      </VisuallyHidden>
    </Panel>
  );
}
