import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { least } from 'd3-array';
import { MARGIN, type TooltipState } from './chartParts';

/**
 * How near a marker's centre (CSS px) the pointer points at it: half of a 44 px target. A marker is drawn 10 px
 * wide, too small a target for a finger, and twelve lifts leave no room to draw them 44 px wide; so the pointer
 * aims at the chart's hit layer instead, and the marker nearest to it within this distance is the one meant.
 */
export const HIT_RADIUS = 22;

/** A drawn marker as the hit layer knows it: its centre in the plot (the axes' origin) and its tooltip. */
export interface ChartTarget {
  x: number;
  y: number;
  tooltip: TooltipState;
}

/** The target nearest to (x, y), or undefined when none is within `radius`. */
export function nearestTarget<T extends { x: number; y: number }>(
  targets: readonly T[],
  x: number,
  y: number,
  radius = HIT_RADIUS,
): T | undefined {
  const distance = (target: T) => Math.hypot(target.x - x, target.y - y);
  const nearest = least(targets, distance);
  return nearest !== undefined && distance(nearest) <= radius ? nearest : undefined;
}

const sameTooltip = (a: TooltipState | undefined, b: TooltipState) =>
  a !== undefined && a.left === b.left && a.top === b.top && a.lines.join('\n') === b.lines.join('\n');

/** What showed the tooltip: a marker's keyboard focus, or the pointer over the hit layer. */
interface Shown {
  tooltip: TooltipState;
  by: 'focus' | 'pointer';
}

/** The hit layer's part of `useChartTooltip`: its element, and what shows or hides the pointer's tooltip. */
export interface HitAreaLink {
  ref: RefObject<SVGRectElement | null>;
  /** The tooltip of the marker the pointer is at, or null: none near it. */
  pointAt: (tooltip: TooltipState | null) => void;
}

/**
 * A chart's tooltip: shown by a marker's focus (until its blur), or by the pointer near a marker on the hit layer
 * (until the mouse leaves the chart, or a tap lands away from every marker).
 */
export function useChartTooltip() {
  const [shown, setShown] = useState<Shown | null>(null);
  const ref = useRef<SVGRectElement>(null);
  const byPointer = shown?.by === 'pointer';

  // A tap anywhere outside the hit layer (the legend, the page) puts the pointer's tooltip away, as a tap beside
  // the markers does: a touch has no pointerleave of its own to do it.
  useEffect(() => {
    if (!byPointer) return undefined;
    const away = (event: PointerEvent) => {
      if (event.target !== ref.current) setShown((current) => (current?.by === 'pointer' ? null : current));
    };
    document.addEventListener('pointerdown', away, true);
    return () => document.removeEventListener('pointerdown', away, true);
  }, [byPointer]);

  const hitArea: HitAreaLink = {
    ref,
    pointAt: (tooltip) =>
      setShown((current) => {
        if (!tooltip) return current?.by === 'pointer' ? null : current;
        // The same marker again (each render builds its tooltip anew): no new state, so no render per move.
        return sameTooltip(current?.tooltip, tooltip) ? current : { tooltip, by: 'pointer' };
      }),
  };
  return {
    tooltip: shown?.tooltip ?? null,
    /** A marker's focus and blur handlers: the keyboard's way to the same tooltip. */
    focusProps: (tooltip: TooltipState) => ({
      onFocus: () => setShown({ tooltip, by: 'focus' }),
      onBlur: () => setShown((current) => (current?.by === 'focus' ? null : current)),
    }),
    hitArea,
  };
}

/**
 * The chart's one pointer target: a transparent rect over the plot and as much of the margins as a marker's
 * neighbourhood reaches (within the svg), drawn above the markers, which take no pointer events of their own. The
 * pointer (a mouse moving, a finger down) shows the tooltip of the nearest marker within HIT_RADIUS, and hides it
 * away from every marker; the mouse leaving hides it.
 *
 * `targets` are the markers drawn (of the lifts shown); `width` is the width the chart is drawn at, its viewBox's.
 */
export function ChartHitArea({
  targets,
  width,
  innerWidth,
  innerHeight,
  hitArea: { ref, pointAt },
}: {
  targets: readonly ChartTarget[];
  width: number;
  innerWidth: number;
  innerHeight: number;
  hitArea: HitAreaLink;
}) {
  const point = (event: ReactPointerEvent<SVGRectElement>) => {
    const box = event.currentTarget.ownerSVGElement?.getBoundingClientRect();
    // CSS px per plot unit: the svg is scaled to its box. Without layout (jsdom) the box is empty: 1, at 0,0.
    const scale = box && box.width > 0 ? box.width / width : 1;
    const x = (event.clientX - (box?.left ?? 0)) / scale - MARGIN.left;
    const y = (event.clientY - (box?.top ?? 0)) / scale - MARGIN.top;
    pointAt(nearestTarget(targets, x, y, HIT_RADIUS / scale)?.tooltip ?? null);
  };
  const left = Math.min(HIT_RADIUS, MARGIN.left);
  const top = Math.min(HIT_RADIUS, MARGIN.top);
  const right = Math.min(HIT_RADIUS, MARGIN.right);
  const bottom = Math.min(HIT_RADIUS, MARGIN.bottom);
  return (
    <rect
      ref={ref}
      x={-left}
      y={-top}
      width={innerWidth + left + right}
      height={innerHeight + top + bottom}
      fill="none"
      pointerEvents="all"
      aria-hidden="true"
      data-testid="chart-hit-area"
      onPointerMove={point}
      onPointerDown={point}
      // A touch "leaves" as the finger lifts: the tapped marker's tooltip stays until a tap elsewhere.
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') pointAt(null);
      }}
    />
  );
}
