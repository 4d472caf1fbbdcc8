import { VisuallyHidden, useAfterFirstPaint } from '@hit/ui';
import { extent, max } from 'd3-array';
import { scaleLinear, scaleTime } from 'd3-scale';
import { area, line } from 'd3-shape';
import { timeFormat } from 'd3-time-format';
import { dodgeOffsets } from '../logic';
import type { ChartPoint } from './analyticsTypes';
import { CHART_HEIGHT, ChartBox, ChartTooltip, MARGIN, MAX_MARKERS, Message, XAxis, YAxis } from './chartParts';
import { ChartHitArea, useChartTooltip } from './chartHitArea';

export const OPTIMAL_MIN_REPS = 6;
export const OPTIMAL_MAX_REPS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Markers closer than this (px) are set side by side: a marker's width and a little air. */
const MARKER_GAP = 12;
const tickFormat = timeFormat('%b %d');

export interface RepConsistencyChartProps {
  points: ChartPoint[];
  unit: string;
  color: string;
  /** The width it is drawn at, in CSS pixels: its box's (lazyCharts.tsx measures it). */
  width: number;
}

/** The y-axis top (docs/product-rules.md, "Charts and summary"): the larger of max reps + 2 and 12. */
export function repAxisMax(points: Pick<ChartPoint, 'reps'>[]): number {
  return Math.max((max(points, (p) => p.reps) ?? 0) + 2, 12);
}

/** 'Rep Consistency' (docs/product-rules.md, "Charts and summary"): reps by date over the shaded 6-10 band. */
export function RepConsistencyChart({ points, unit, color, width }: RepConsistencyChartProps) {
  const { tooltip, focusProps, hitArea } = useChartTooltip();
  const tableShown = useAfterFirstPaint();

  if (points.length === 0) {
    return (
      <div>
        <Message>No data available</Message>
      </div>
    );
  }

  const sorted = [...points].sort((a, b) => a.timestamp - b.timestamp);
  const recent = sorted.slice(-MAX_MARKERS);
  // The screen readers' table, in a frame after the chart's (see WeightProgressionChart).
  const table = tableShown && (
    <VisuallyHidden as="div">
      <table>
        <caption>
          Reps by date (optimal range: 6-10 reps)
          {recent.length < sorted.length ? `, the latest ${recent.length} sets` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Exercise</th>
            <th scope="col">Reps</th>
            <th scope="col">Weight ({unit})</th>
          </tr>
        </thead>
        <tbody>
          {recent.map((p, i) => (
            <tr key={`${p.exerciseId}-${p.timestamp}-${i}`}>
              <th scope="row">{p.fullDate}</th>
              <td>{p.exerciseName}</td>
              <td>{p.reps}</td>
              <td>{p.weight}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const innerHeight = CHART_HEIGHT - MARGIN.top - MARGIN.bottom;
  const [first, last] = extent(sorted, (p) => p.timestamp) as [number, number];
  const padMs = first === last ? DAY_MS : (last - first) * 0.05;
  const x = scaleTime()
    .domain([new Date(first - padMs), new Date(last + padMs)])
    .range([0, innerWidth]);
  const y = scaleLinear()
    .domain([0, repAxisMax(sorted)])
    .range([innerHeight, 0]);
  const yTicks = y.ticks(6);
  // Ticks can be hours apart when the sets span a day or two; a date is printed once, at its first tick.
  const xTicks = x.ticks(Math.max(2, Math.min(8, Math.floor(innerWidth / 80)))).map((d, i, all) => ({
    key: String(d.getTime()),
    label: i > 0 && tickFormat(all[i - 1]) === tickFormat(d) ? '' : tickFormat(d),
    x: x(d),
  }));

  const band =
    area<number>()
      .x((d) => d)
      .y0(y(OPTIMAL_MIN_REPS))
      .y1(y(OPTIMAL_MAX_REPS))([0, innerWidth]) ?? '';
  // Sets of one workout sit minutes apart, a pixel or less on a weeks-long axis: equal reps are set side by side
  // so no marker hides another (the line keeps their true times).
  const offsets = dodgeOffsets(
    recent.map((p) => ({ x: x(p.timestamp), y: y(p.reps) })),
    MARKER_GAP,
    innerWidth / 4,
    [0, innerWidth],
  );
  // The markers, and the hit layer's targets.
  const marked = recent.map((p, i) => {
    const cx = x(p.timestamp) + offsets[i];
    const cy = y(p.reps);
    return {
      key: `${p.exerciseId}-${p.timestamp}-${i}`,
      x: cx,
      y: cy,
      label: `${p.exerciseName}, ${p.fullDate}: ${p.reps} reps at ${p.weight} ${unit}`,
      tooltip: {
        left: cx + MARGIN.left,
        top: cy + MARGIN.top,
        lines: [p.exerciseName, p.fullDate, `${p.reps} reps · ${p.weight} ${unit}`],
      },
    };
  });
  const repLine =
    line<ChartPoint>()
      .x((p) => x(p.timestamp))
      .y((p) => y(p.reps))(sorted) ?? '';

  return (
    <ChartBox>
      <svg
        width={width}
        height={CHART_HEIGHT}
        viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
        role="img"
        aria-label="Rep Consistency chart: reps by date"
        data-testid="rep-chart"
      >
        <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
          <path d={band} fill="#3ecf8e" fillOpacity={0.14} data-testid="optimal-band" aria-hidden="true" />
          <text x={innerWidth - 4} y={y(OPTIMAL_MAX_REPS) - 6} textAnchor="end" style={{ fill: '#3ecf8e' }}>
            Optimal range: 6-10 reps
          </text>
          <YAxis ticks={yTicks} y={y} width={innerWidth} testId="rep-y-axis" />
          <XAxis ticks={xTicks} height={innerHeight} width={innerWidth} />
          <path
            d={repLine}
            fill="none"
            stroke={color}
            strokeWidth={2.5}
            strokeLinejoin="round"
            data-testid="rep-line"
            aria-hidden="true"
          />
          {marked.map((m) => (
            // Focusable for the keyboard; the pointer's target is the hit layer's neighbourhood of it.
            <circle
              key={m.key}
              cx={m.x}
              cy={m.y}
              r={5}
              fill={color}
              stroke="#0f1217"
              strokeWidth={1.5}
              pointerEvents="none"
              tabIndex={0}
              role="img"
              aria-label={m.label}
              {...focusProps(m.tooltip)}
            />
          ))}
          <ChartHitArea
            targets={marked}
            width={width}
            innerWidth={innerWidth}
            innerHeight={innerHeight}
            hitArea={hitArea}
          />
        </g>
      </svg>
      <ChartTooltip tooltip={tooltip} width={width} />
      {table}
    </ChartBox>
  );
}
