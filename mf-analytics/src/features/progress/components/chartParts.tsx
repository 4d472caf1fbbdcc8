import styled from 'styled-components';
import { theme } from '@hit/ui';

/** Chart margins: room for the y tick labels on the left and the x labels below. */
export const MARGIN = { top: 16, right: 16, bottom: 36, left: 44 } as const;
export const CHART_HEIGHT = 260;
/**
 * A long history keeps its whole line, but only the most recent points get a focusable marker and a row in
 * the screen-reader table: thousands of tab stops (or table rows) would make the chart unusable.
 */
export const MAX_MARKERS = 150;

export const ChartBox = styled.div`
  position: relative;
  width: 100%;
  min-width: 0;
  /* The chart itself; the legend's swatches are svgs of their own size. */
  > svg {
    display: block;
    width: 100%;
    height: auto;
    overflow: visible;
  }
  text {
    fill: ${theme.colors.textMuted};
    font-size: 11px;
  }
  [role='img'][tabindex]:focus {
    outline: none;
  }
  [role='img'][tabindex]:focus-visible {
    stroke: ${theme.colors.focus};
    stroke-width: 3px;
  }
`;

/** A chart's box before it is drawn (lazyCharts.tsx): the SVG's height, so nothing moves. */
export const ChartPlaceholder = styled.div.attrs({ 'aria-hidden': true })`
  height: ${CHART_HEIGHT}px;
`;

const TooltipBox = styled.div`
  position: absolute;
  pointer-events: none;
  transform: translate(-50%, calc(-100% - 10px));
  background: ${theme.colors.surfaceRaised};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.sm};
  padding: ${theme.space.xxs} ${theme.space.xs};
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.text};
  white-space: nowrap;
  z-index: 1;
`;

export interface TooltipState {
  /** Position in the chart box, in px. */
  left: number;
  top: number;
  lines: string[];
}

/** The hover/focus tooltip; its left edge is clamped so it never leaves the chart box. */
export function ChartTooltip({ tooltip, width }: { tooltip: TooltipState | null; width: number }) {
  if (!tooltip) return null;
  const left = Math.min(Math.max(tooltip.left, 70), width - 70);
  return (
    <TooltipBox role="tooltip" style={{ left, top: tooltip.top }}>
      {tooltip.lines.map((line) => (
        <div key={line}>{line}</div>
      ))}
    </TooltipBox>
  );
}

export const Message = styled.p`
  color: ${theme.colors.textMuted};
  text-align: center;
  padding: ${theme.space.lg} 0;
`;

/** Horizontal grid lines and y tick labels. */
export function YAxis({
  ticks,
  y,
  width,
  format = String,
  testId,
}: {
  ticks: number[];
  y: (v: number) => number;
  width: number;
  format?: (v: number) => string;
  testId?: string;
}) {
  return (
    <g aria-hidden="true" data-testid={testId}>
      {ticks.map((t) => (
        <g key={t} transform={`translate(0,${y(t)})`}>
          <line x2={width} stroke="currentColor" strokeOpacity={0.15} />
          <text x={-8} dy="0.32em" textAnchor="end">
            {format(t)}
          </text>
        </g>
      ))}
    </g>
  );
}

/** The x baseline and its tick labels. */
export function XAxis({
  ticks,
  height,
  width,
}: {
  ticks: { x: number; label: string; key: string }[];
  height: number;
  width: number;
}) {
  return (
    <g aria-hidden="true" transform={`translate(0,${height})`}>
      <line x2={width} stroke="currentColor" strokeOpacity={0.4} />
      {ticks.map((t) => (
        <g key={t.key} transform={`translate(${t.x},0)`}>
          <line y2={5} stroke="currentColor" strokeOpacity={0.4} />
          <text y={18} textAnchor="middle">
            {t.label}
          </text>
        </g>
      ))}
    </g>
  );
}
