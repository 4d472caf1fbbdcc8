import { useEffect, useRef, useState, type PointerEvent } from 'react';
import styled from 'styled-components';
import { TIP_DELAY_MS, TIP_HIDE_AFTER_MS, TIP_SWIPE_THRESHOLD_PX } from '../../../constants';
import { browserStorage } from '../lib/browserStorage';
import { takeNextTipIndex } from '../logic/tipRotation';
import { WORKOUT_TIPS } from './workoutTips';
import { theme } from '@hit/ui';

/* In the flow of the workout, under the exercise at work: it never covers a control. */
const Card = styled.aside`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${theme.space.xxs} ${theme.space.sm};
  padding: ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-left: 4px solid ${theme.colors.focus};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
  box-shadow: ${theme.shadows.card};
  /* Vertical scrolling stays the browser's; a sideways drag is the card's. */
  touch-action: pan-y;
  user-select: none;
  cursor: grab;
`;

const Eyebrow = styled.p`
  font-size: ${theme.fontSizes.xs};
  font-weight: ${theme.fontWeights.bold};
  color: ${theme.colors.focus};
  text-transform: uppercase;
  letter-spacing: 0.08em;
`;

const Title = styled.h2`
  grid-column: 1;
  font-size: ${theme.fontSizes.md};
  font-weight: ${theme.fontWeights.bold};
`;

const Text = styled.p`
  grid-column: 1 / -1;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
`;

const Close = styled.button`
  grid-column: 2;
  grid-row: 1 / span 2;
  align-self: start;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${theme.layout.minTouchTarget};
  height: ${theme.layout.minTouchTarget};
  margin: -${theme.space.xs} -${theme.space.xs} 0 0;
  border: 0;
  border-radius: ${theme.radii.md};
  background: transparent;
  color: ${theme.colors.textMuted};
  cursor: pointer;
  &:hover {
    color: ${theme.colors.text};
  }
`;

/**
 * The coaching tip (docs/product-rules.md, "Coaching tips"): shows 10 s into the workout, the next of the 12 tips each
 * workout; goes on its close button, on a sideways swipe or drag of more than 100 px, or by itself after 13 minutes.
 */
export function WorkoutTipCard() {
  const [tipIndex, setTipIndex] = useState<number | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const [dragX, setDragX] = useState(0);
  const dragStart = useRef<number | null>(null);

  useEffect(() => {
    // The index moves on only when a tip is really shown (not for a workout left within 10 s).
    const timeout = setTimeout(
      () => setTipIndex(takeNextTipIndex(browserStorage(), WORKOUT_TIPS.length)),
      TIP_DELAY_MS,
    );
    return () => clearTimeout(timeout);
  }, []);

  const shown = tipIndex !== null && !dismissed;
  useEffect(() => {
    if (!shown) return;
    const timeout = setTimeout(() => setDismissed(true), TIP_HIDE_AFTER_MS);
    return () => clearTimeout(timeout);
  }, [shown]);

  if (!shown) return null;
  const tip = WORKOUT_TIPS[tipIndex];

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    dragStart.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (dragStart.current !== null) setDragX(event.clientX - dragStart.current);
  };
  const onPointerEnd = (event: PointerEvent<HTMLElement>) => {
    if (dragStart.current === null) return;
    const distance = event.clientX - dragStart.current;
    dragStart.current = null;
    if (Math.abs(distance) > TIP_SWIPE_THRESHOLD_PX) setDismissed(true);
    else setDragX(0);
  };
  // The browser took the gesture over (a scroll): the card goes back where it was.
  const onPointerCancel = () => {
    dragStart.current = null;
    setDragX(0);
  };

  return (
    <Card
      aria-label="Workout tip"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerCancel}
      style={{
        transform: dragX ? `translateX(${dragX}px)` : undefined,
        opacity: dragX ? Math.max(0.3, 1 - Math.abs(dragX) / (TIP_SWIPE_THRESHOLD_PX * 2.5)) : undefined,
      }}
    >
      <Eyebrow>Tip</Eyebrow>
      <Title>{tip.title}</Title>
      <Text>{tip.text}</Text>
      <Close type="button" aria-label="Dismiss tip" onClick={() => setDismissed(true)}>
        <svg
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </Close>
    </Card>
  );
}
