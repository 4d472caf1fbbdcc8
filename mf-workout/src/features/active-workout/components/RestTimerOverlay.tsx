import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { VisuallyHidden, theme } from '@hit/ui';
import styled, { css } from 'styled-components';
import { REST_TIMER_SECONDS } from '../../../constants';
import { formatClock, restSecondsLeft } from '../logic/restTimer';
import type { RestTimer } from '../logic/workoutReducer';
import { CURRENT_SET_SELECTOR } from './SetEntryForm';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 100;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${theme.space.md};
  background: rgb(8 10 13 / 0.97);
  overflow-y: auto;
`;

const Panel = styled.div`
  width: 100%;
  max-width: 26rem;
  display: grid;
  justify-items: center;
  gap: ${theme.space.lg};
  text-align: center;
  &:focus {
    outline: none;
  }
`;

const Title = styled.h2`
  font-size: ${theme.fontSizes.lg};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.textMuted};
  text-transform: uppercase;
  letter-spacing: 0.12em;
`;

const Dial = styled.div`
  position: relative;
  width: min(72vw, 16rem);
  aspect-ratio: 1;
  display: grid;
  place-items: center;
  svg {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    transform: rotate(-90deg);
  }
`;

const DialTrack = styled.circle`
  fill: none;
  stroke: ${theme.colors.surfaceRaised};
  stroke-width: 5;
`;

const DialProgress = styled.circle<{ $paused: boolean }>`
  fill: none;
  stroke: ${({ $paused }) => ($paused ? theme.colors.textMuted : theme.colors.accent)};
  stroke-width: 5;
  stroke-linecap: round;
`;

const Digits = styled.p<{ $paused: boolean }>`
  font-size: clamp(3rem, 15vw, 4.25rem);
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

const PausedNote = styled.p`
  position: absolute;
  bottom: 26%;
  font-size: ${theme.fontSizes.sm};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.warning};
  text-transform: uppercase;
  letter-spacing: 0.1em;
`;

const ExerciseName = styled.p`
  font-size: ${theme.fontSizes.md};
  color: ${theme.colors.textMuted};
  margin-bottom: -${theme.space.sm};
`;

const NextSet = styled.p<{ $working: boolean }>`
  font-size: ${theme.fontSizes.lg};
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
  width: 100%;
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${theme.space.sm};
`;

const ActionButton = styled.button<{ $primary?: boolean }>`
  min-height: 56px;
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

const RADIUS = 46;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The rest between sets over the whole screen: big mm:ss, what comes next (a warning before the working set),
 * Pause/Resume and Skip Rest. A modal dialog: focus stays inside, Escape skips.
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
    panel.current?.focus();
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
    if (event.key === 'Escape') {
      event.preventDefault();
      onSkip();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    // Focus trap: Tab cycles through the dialog's own buttons.
    const buttons = Array.from(panel.current.querySelectorAll('button'));
    if (buttons.length === 0) return;
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <Backdrop>
      <Panel ref={panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <Title id={titleId}>Rest</Title>
        <Dial>
          <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">
            <DialTrack cx="50" cy="50" r={RADIUS} />
            <DialProgress
              cx="50"
              cy="50"
              r={RADIUS}
              $paused={paused}
              strokeDasharray={CIRCUMFERENCE}
              strokeDashoffset={CIRCUMFERENCE * (1 - fraction)}
            />
          </svg>
          <Digits role="timer" $paused={paused}>
            {formatClock(secondsLeft)}
          </Digits>
          {paused && <PausedNote>Paused</PausedNote>}
        </Dial>
        <ExerciseName>{rest.nextSet.exerciseName}</ExerciseName>
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
        {children}
        <VisuallyHidden as="p" aria-live="polite">
          {lastSpoken}
        </VisuallyHidden>
      </Panel>
    </Backdrop>
  );
}
