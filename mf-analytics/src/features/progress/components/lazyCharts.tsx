import { lazy, Suspense, type ComponentType } from 'react';
import styled from 'styled-components';
import { useAfterFirstPaint } from '@hit/ui';
import { useChartWidth } from '../hooks/useElementWidth';
import { ChartPlaceholder } from './chartParts';

/**
 * The charts and d3 (about 19 KB gzipped) in a chunk of their own, asked for once the screen's first frame has been
 * painted: the screen's text, tiles and records show without waiting for the chart code or its drawing, each chart's
 * box holding its height meanwhile (issue #21, Lighthouse LCP on /progress, 2.6-2.9 s before, 2.3-2.4 s after). A
 * lazy chart rendered in the first render would fetch the chunk during it, and the shell's render (a transition)
 * would hold the paint for it. The service worker keeps the chunk for offline use with the rest of the remote
 * version (the manifest's async assets, shell/src/service-worker/cachingRules.ts).
 *
 * The box is measured here, from the first frame on (useChartWidth, no forced layout), so a chart arrives knowing its
 * width and is built once, in the render that shows it (issue #21, TBT on /progress: the chart measured its own box
 * when it appeared, laying the page out inside React's task, then was built again at that width).
 */
const loadCharts = () => import('./charts');
type Charts = Awaited<ReturnType<typeof loadCharts>>;

/** The chart's slot: the width the chart is drawn at, as the chart's own box (chartParts.tsx, ChartBox). */
const ChartSlot = styled.div`
  width: 100%;
  min-width: 0;
`;

/** A chart of the chunk, its box shown until the first frame is painted, the box measured and the chunk arrived. */
function afterFirstPaint<P extends { width: number }>(pick: (charts: Charts) => ComponentType<P>) {
  const Chart = lazy(() => loadCharts().then((charts) => ({ default: pick(charts) })));
  return function ChartAfterFirstPaint(props: Omit<P, 'width'>) {
    const painted = useAfterFirstPaint();
    const { ref, width } = useChartWidth<HTMLDivElement>();
    return (
      <ChartSlot ref={ref}>
        {painted && width !== null ? (
          <Suspense fallback={<ChartPlaceholder />}>
            <Chart {...(props as P)} width={width} />
          </Suspense>
        ) : (
          <ChartPlaceholder />
        )}
      </ChartSlot>
    );
  };
}

export const WeightProgressionChart = afterFirstPaint((charts) => charts.WeightProgressionChart);
export const RepConsistencyChart = afterFirstPaint((charts) => charts.RepConsistencyChart);
