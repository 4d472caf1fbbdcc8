import { useState } from 'react';
import { VisuallyHidden, theme, useAfterFirstPaint } from '@hit/ui';
import styled from 'styled-components';
import { max } from 'd3-array';
import { scaleLinear, scalePoint } from 'd3-scale';
import { area, line } from 'd3-shape';
import type { CycleRow } from './analyticsTypes';
import {
  CHART_HEIGHT,
  ChartBox,
  ChartTooltip,
  MARGIN,
  MAX_MARKERS,
  Message,
  XAxis,
  YAxis,
  type TooltipState,
} from './chartParts';

export interface WeightSeries {
  id: number;
  name: string;
  color: string;
}

/** What the chart plots per cycle: the heaviest weight, or the best estimated one-rep max. */
export type ChartMeasure = 'weight' | 'estimate';

export interface WeightProgressionChartProps {
  rows: CycleRow[];
  series: WeightSeries[];
  unit: string;
  /** 'all' mode: one line per exercise and a legend. */
  showLegend: boolean;
  /** 'weight' unless said. */
  measure?: ChartMeasure;
  /** The width it is drawn at, in CSS pixels: its box's (lazyCharts.tsx measures it). */
  width: number;
}

const Legend = styled.ul`
  list-style: none;
  margin: ${theme.space.sm} 0 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.xs} ${theme.space.md};
  font-size: ${theme.fontSizes.sm};
  color: ${theme.colors.textMuted};
  li {
    display: inline-flex;
    align-items: center;
    gap: ${theme.space.xxs};
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const Swatch = styled.span`
  flex: none;
  width: 0.75rem;
  height: 0.75rem;
  border-radius: 50%;
`;

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
  const [tooltip, setTooltip] = useState<TooltipState | null>(null);
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

  const tableRows = rows.slice(-MAX_MARKERS);
  const details = (
    <>
      {showLegend && (
        <Legend aria-label="Exercises">
          {visible.map((s) => (
            <li key={s.id}>
              <Swatch style={{ background: s.color }} aria-hidden="true" />
              {s.name}
            </li>
          ))}
        </Legend>
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
  const top = max(rows, (row) => max(visible, (s) => weightOf(row, s.id))) ?? 0;
  const y = scaleLinear()
    .domain([0, top > 0 ? top * 1.1 : 10])
    .nice()
    .range([innerHeight, 0]);
  const yTicks = y.ticks(5);

  // Show at most one label per ~56 px so the labels never collide on a phone.
  const step = Math.max(1, Math.ceil(rows.length / Math.max(1, Math.floor(innerWidth / 56))));
  const xTicks = rows
    .filter((_, i) => i % step === 0)
    .map((row) => ({ key: row.label, label: row.label, x: x(row.label) ?? 0 }));

  const xOf = (row: CycleRow) => x(row.label) ?? 0;
  const single = visible.length === 1 && !showLegend;
  // Markers and table rows for the latest cycles only (see MAX_MARKERS); the lines keep every cycle.
  const markedRows = rows.slice(-Math.max(1, Math.floor(MAX_MARKERS / visible.length)));

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
          <YAxis ticks={yTicks} y={y} width={innerWidth} />
          <XAxis ticks={xTicks} height={innerHeight} width={innerWidth} />
          {visible.map((s) => {
            const defined = (row: CycleRow) => weightOf(row, s.id) !== undefined;
            const yOf = (row: CycleRow) => y(weightOf(row, s.id) ?? 0);
            const linePath = line<CycleRow>().defined(defined).x(xOf).y(yOf)(rows) ?? '';
            const areaPath = single
              ? (area<CycleRow>().defined(defined).x(xOf).y0(innerHeight).y1(yOf)(rows) ?? '')
              : '';
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
                {markedRows.filter(defined).map((row) => {
                  const value = weightOf(row, s.id)!;
                  const cx = xOf(row);
                  const cy = yOf(row);
                  const lines = [`${s.name}`, `${row.label}: ${valueText(value)}`];
                  const show = () => setTooltip({ left: cx + MARGIN.left, top: cy + MARGIN.top, lines });
                  return (
                    <circle
                      key={row.label}
                      cx={cx}
                      cy={cy}
                      r={5}
                      fill={s.color}
                      stroke="#0f1217"
                      strokeWidth={1.5}
                      tabIndex={0}
                      role="img"
                      aria-label={`${s.name}, ${row.label}: ${valueText(value)}`}
                      onMouseEnter={show}
                      onFocus={show}
                      onMouseLeave={() => setTooltip(null)}
                      onBlur={() => setTooltip(null)}
                    />
                  );
                })}
              </g>
            );
          })}
        </g>
      </svg>
      <ChartTooltip tooltip={tooltip} width={width} />
      {details}
    </ChartBox>
  );
}
