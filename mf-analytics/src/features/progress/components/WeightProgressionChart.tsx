import { useState } from 'react';
import { VisuallyHidden, theme, useAfterFirstPaint } from '@hit/ui';
import styled from 'styled-components';
import { scaleLinear, scalePoint } from 'd3-scale';
import {
  area,
  line,
  symbol,
  symbolCircle,
  symbolCross,
  symbolDiamond,
  symbolSquare,
  symbolStar,
  symbolTriangle,
  symbolWye,
  type SymbolType,
} from 'd3-shape';
import { dodgeOffsets, weightAxisDomain, type MarkerShape } from '../logic';
import type { CycleRow } from './analyticsTypes';
import { CHART_HEIGHT, ChartBox, ChartTooltip, MARGIN, MAX_MARKERS, Message, XAxis, YAxis } from './chartParts';
import { ChartHitArea, useChartTooltip, type ChartTarget } from './chartHitArea';

export interface WeightSeries {
  id: number;
  name: string;
  color: string;
  /** Beside the colour, so lifts of one colour are told apart (`markerShapes`). */
  shape: MarkerShape;
}

/** What the chart plots per cycle: the heaviest weight, or the best estimated one-rep max. */
export type ChartMeasure = 'weight' | 'estimate';

export interface WeightProgressionChartProps {
  rows: CycleRow[];
  series: WeightSeries[];
  unit: string;
  /** 'all' mode: one line per exercise and a legend whose entries show one lift alone. */
  showLegend: boolean;
  /** 'weight' unless said. */
  measure?: ChartMeasure;
  /** The width it is drawn at, in CSS pixels: its box's (lazyCharts.tsx measures it). */
  width: number;
}

const Legend = styled.ul`
  list-style: none;
  margin: ${theme.space.xs} 0 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${theme.space.xxs};
`;

const LegendButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space.xxs};
  min-height: ${theme.layout.minTouchTarget};
  min-width: ${theme.layout.minTouchTarget};
  max-width: 100%;
  padding: 0 ${theme.space.xs};
  border: 1px solid transparent;
  border-radius: ${theme.radii.sm};
  background: transparent;
  font: inherit;
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  text-align: left;
  overflow-wrap: anywhere;
  cursor: pointer;
  &[aria-pressed='true'] {
    color: ${theme.colors.text};
    border-color: ${theme.colors.border};
    background: ${theme.colors.surfaceRaised};
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const LegendHint = styled.p`
  margin: ${theme.space.xs} 0 0;
  font-size: ${theme.fontSizes.xs};
  color: ${theme.colors.textMuted};
`;

const SYMBOLS: Record<MarkerShape, SymbolType> = {
  circle: symbolCircle,
  square: symbolSquare,
  triangle: symbolTriangle,
  diamond: symbolDiamond,
  star: symbolStar,
  cross: symbolCross,
  wye: symbolWye,
};
/** A marker's area in px², about that of a circle of radius 5. */
const MARKER_AREA = 80;
/** Markers closer than this (px) are set side by side: a marker's width and a little air. */
const MARKER_GAP = 12;
const markerPath = (shape: MarkerShape, size = MARKER_AREA) => symbol(SYMBOLS[shape], size)() ?? '';

/** A lift's colour and shape, as its markers show them. */
function MarkerSwatch({ series, faded }: { series: WeightSeries; faded: boolean }) {
  return (
    <svg width={14} height={14} viewBox="-7 -7 14 14" aria-hidden="true" style={{ flex: 'none' }}>
      <path d={markerPath(series.shape, 60)} fill={series.color} fillOpacity={faded ? 0.35 : 1} />
    </svg>
  );
}

function valueIn(values: Record<number, number>, id: number): number | undefined {
  const value = (values as Record<number, number | undefined>)[id];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * 'Weight Progression' (docs/product-rules.md, "Charts and summary"): weight by cycle, one line per exercise in 'all'
 * mode; or, as the lifter chooses, each cycle's best estimated one-rep max (always named an estimate).
 */
export function WeightProgressionChart({
  rows,
  series,
  unit,
  showLegend,
  measure = 'weight',
  width,
}: WeightProgressionChartProps) {
  const { tooltip, focusProps, hitArea } = useChartTooltip();
  // The lift the legend shows alone; a second tap on it shows every lift again.
  const [isolated, setIsolated] = useState<number | null>(null);
  const tableShown = useAfterFirstPaint();
  const estimates = measure === 'estimate';
  const weightOf = (row: CycleRow, id: number) => valueIn(estimates ? row.estimates : row.weights, id);
  // How a value reads: '210 lbs', or 'Estimated 1RM 287 lbs'.
  const valueText = (value: number) => (estimates ? `Estimated 1RM ${value} ${unit}` : `${value} ${unit}`);

  const visible = series.filter((s) => rows.some((row) => weightOf(row, s.id) !== undefined));
  if (rows.length === 0 || visible.length === 0) {
    return (
      <div>
        <Message>No data available</Message>
      </div>
    );
  }

  // A lift no longer listed (another exercise chosen) is not kept alone.
  const alone = showLegend ? visible.find((s) => s.id === isolated) : undefined;
  const drawn = alone ? [alone] : visible;
  const tableRows = rows.slice(-MAX_MARKERS);
  const details = (
    <>
      {showLegend && (
        <>
          {visible.length > 1 && <LegendHint>Tap a lift to show it alone, and again to show all.</LegendHint>}
          <Legend aria-label="Exercises">
            {visible.map((s) => (
              <li key={s.id}>
                <LegendButton
                  type="button"
                  aria-pressed={alone?.id === s.id}
                  onClick={() => setIsolated(alone?.id === s.id ? null : s.id)}
                >
                  <MarkerSwatch series={s} faded={alone !== undefined && alone.id !== s.id} />
                  {s.name}
                </LegendButton>
              </li>
            ))}
          </Legend>
        </>
      )}
      {/* The screen readers' table (and the Rep Consistency one) in a frame after the chart's: most of the boxes
          the browser lays out when the charts appear are the tables' cells (issue #21, TBT on /progress). */}
      {tableShown && (
        <VisuallyHidden as="div">
          <table>
            <caption>{`${estimates ? 'Estimated 1RM' : 'Weight'} by cycle in ${unit}`}</caption>
            <thead>
              <tr>
                <th scope="col">Cycle</th>
                {visible.map((s) => (
                  <th key={s.id} scope="col">
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {tableRows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  {visible.map((s) => (
                    <td key={s.id}>{weightOf(row, s.id) ?? '–'}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      )}
    </>
  );
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const innerHeight = CHART_HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scalePoint<string>()
    .domain(rows.map((row) => row.label))
    .range([0, innerWidth])
    .padding(0.5);
  const values = rows.flatMap((row) => drawn.map((s) => weightOf(row, s.id) ?? NaN));
  // Fits the data rather than starting at 0, which flattened a lifter's progress (`weightAxisDomain`).
  const y = scaleLinear().domain(weightAxisDomain(values)).nice().range([innerHeight, 0]);
  const yTicks = y.ticks(5);

  // Show at most one label per ~56 px so the labels never collide on a phone.
  const step = Math.max(1, Math.ceil(rows.length / Math.max(1, Math.floor(innerWidth / 56))));
  const xTicks = rows
    .filter((_, i) => i % step === 0)
    .map((row) => ({ key: row.label, label: row.label, x: x(row.label) ?? 0 }));

  const single = visible.length === 1 && !showLegend;
  // Markers and table rows for the latest cycles only (see MAX_MARKERS); the lines keep every cycle.
  const markedFrom = Math.max(0, rows.length - Math.max(1, Math.floor(MAX_MARKERS / drawn.length)));
  // Lifts at the same weight in a cycle are set side by side, lines and markers alike, so none hides another.
  const dodge = new Map<string, number>();
  if (drawn.length > 1) {
    rows.forEach((row, index) => {
      const here = drawn.filter((s) => weightOf(row, s.id) !== undefined);
      const offsets = dodgeOffsets(
        here.map((s) => ({ x: x(row.label) ?? 0, y: y(weightOf(row, s.id)!) })),
        MARKER_GAP,
        x.step() * 0.9,
        [0, innerWidth],
      );
      here.forEach((s, i) => dodge.set(`${index} ${s.id}`, offsets[i]));
    });
  }
  const xOf = (row: CycleRow, index: number, id: number) => (x(row.label) ?? 0) + (dodge.get(`${index} ${id}`) ?? 0);

  // Each drawn lift's markers, latest cycles only (markedFrom); the hit layer finds the pointer's among them all.
  const marked = drawn.map((s) => ({
    series: s,
    points: rows.flatMap((row, index) => {
      const value = weightOf(row, s.id);
      if (index < markedFrom || value === undefined) return [];
      const cx = xOf(row, index, s.id);
      const cy = y(value);
      const tooltip = {
        left: cx + MARGIN.left,
        top: cy + MARGIN.top,
        lines: [s.name, `${row.label}: ${valueText(value)}`],
      };
      return [{ key: row.label, x: cx, y: cy, tooltip, label: `${s.name}, ${row.label}: ${valueText(value)}` }];
    }),
  }));
  const targets: ChartTarget[] = marked.flatMap((m) => m.points);

  return (
    <ChartBox>
      <svg
        width={width}
        height={CHART_HEIGHT}
        viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
        role="img"
        aria-label={`Weight Progression chart${estimates ? ', estimated 1RM,' : ''} in ${unit} by cycle`}
        data-testid="weight-chart"
      >
        <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
          <YAxis ticks={yTicks} y={y} width={innerWidth} testId="weight-y-axis" />
          <XAxis ticks={xTicks} height={innerHeight} width={innerWidth} />
          {marked.map(({ series: s, points }) => {
            const defined = (row: CycleRow) => weightOf(row, s.id) !== undefined;
            const xOfRow = (row: CycleRow, index: number) => xOf(row, index, s.id);
            const yOf = (row: CycleRow) => y(weightOf(row, s.id) ?? 0);
            const linePath = line<CycleRow>().defined(defined).x(xOfRow).y(yOf)(rows) ?? '';
            const areaPath = single
              ? (area<CycleRow>().defined(defined).x(xOfRow).y0(innerHeight).y1(yOf)(rows) ?? '')
              : '';
            const marker = markerPath(s.shape);
            return (
              <g key={s.id} data-testid="weight-series" data-exercise={s.name}>
                {single && <path d={areaPath} fill={s.color} fillOpacity={0.15} aria-hidden="true" />}
                <path
                  d={linePath}
                  fill="none"
                  stroke={s.color}
                  strokeWidth={2.5}
                  strokeLinejoin="round"
                  data-testid="weight-line"
                  aria-hidden="true"
                />
                {points.map((p) => (
                  // Focusable for the keyboard; the pointer's target is the hit layer's neighbourhood of it.
                  <path
                    key={p.key}
                    d={marker}
                    transform={`translate(${p.x},${p.y})`}
                    fill={s.color}
                    stroke="#0f1217"
                    strokeWidth={1.5}
                    pointerEvents="none"
                    tabIndex={0}
                    role="img"
                    aria-label={p.label}
                    data-testid="weight-marker"
                    data-shape={s.shape}
                    {...focusProps(p.tooltip)}
                  />
                ))}
              </g>
            );
          })}
          <ChartHitArea
            targets={targets}
            width={width}
            innerWidth={innerWidth}
            innerHeight={innerHeight}
            hitArea={hitArea}
          />
        </g>
      </svg>
      <ChartTooltip tooltip={tooltip} width={width} />
      {details}
    </ChartBox>
  );
}
