import { lazy, Suspense, type ComponentType } from 'react';
import { useAfterFirstPaint } from '@hit/ui';
import { ChartPlaceholder } from './chartParts';

/**
 * The charts and d3 (about 19 KB gzipped) in a chunk of their own, asked for once the screen's first frame has been
 * painted: the screen's text, tiles and records show without waiting for the chart code or its drawing, each chart's
 * box holding its height meanwhile (issue #21, Lighthouse LCP on /progress, 2.6-2.9 s before, 2.3-2.4 s after). A
 * lazy chart rendered in the first render would fetch the chunk during it, and the shell's render (a transition)
 * would hold the paint for it. The service worker keeps the chunk for offline use with the rest of the remote
 * version (the manifest's async assets, shell/src/service-worker/cachingRules.ts).
 */
const loadCharts = () => import('./charts');
type Charts = Awaited<ReturnType<typeof loadCharts>>;

/** A chart of the chunk, its box shown until the first frame is painted and the chunk has arrived. */
function afterFirstPaint<P extends object>(pick: (charts: Charts) => ComponentType<P>) {
  const Chart = lazy(() => loadCharts().then((charts) => ({ default: pick(charts) })));
  return function ChartAfterFirstPaint(props: P) {
    if (!useAfterFirstPaint()) return <ChartPlaceholder />;
    return (
      <Suspense fallback={<ChartPlaceholder />}>
        <Chart {...props} />
      </Suspense>
    );
  };
}

export const WeightProgressionChart = afterFirstPaint((charts) => charts.WeightProgressionChart);
export const RepConsistencyChart = afterFirstPaint((charts) => charts.RepConsistencyChart);
