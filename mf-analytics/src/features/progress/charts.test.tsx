import { act, screen, within } from '@testing-library/react';
import type { ProgressEntry } from '@hit/contracts';
import { answer } from '@hit/platform/test/apiMock';
import { mockAnalyticsApi, renderAnalytics } from '../../../test/renderAnalytics';
import { hitAreaOf, hoverNear, tapNear } from '../../../test/chartPointer';
import { HIT_RADIUS, nearestTarget } from './components/chartHitArea';

/** The program's twelve lifts: one cycle (Day 1, 2, 3) all at `weight` kg, then Day 1 again at `weight + 10`. */
function twelveLifts(weight: number): ProgressEntry[] {
  const days = [
    { day: 1, ids: [101, 102, 103, 104], weight },
    { day: 2, ids: [201, 202, 203, 204, 205], weight },
    { day: 3, ids: [301, 302, 303], weight },
    { day: 1, ids: [101, 102, 103, 104], weight: weight + 10 },
  ];
  return days.flatMap(({ day, ids, weight: w }, session) =>
    ids.map((exerciseId, i) => ({
      date: `2026-11-${String(2 + session * 2).padStart(2, '0')}T10:${String(i * 5).padStart(2, '0')}:00.000Z`,
      sessionId: `s${session}`,
      workoutDayId: day,
      exerciseId,
      exerciseName: `Lift ${exerciseId}`,
      weight: w,
      weightUnit: 'kg' as const,
      reps: 8,
      setType: 'working' as const,
    })),
  );
}

async function renderTwelveLifts(weight = 140) {
  mockAnalyticsApi({ 'GET /api/progress': answer(200, twelveLifts(weight)) });
  const rendered = renderAnalytics();
  await screen.findByTestId('weight-chart');
  await screen.findByTestId('rep-chart');
  return rendered;
}

const markers = () => within(screen.getByTestId('weight-chart')).getAllByTestId('weight-marker');
const centre = (marker: Element) => marker.getAttribute('transform');
const ticks = (testId: string) =>
  Array.from(screen.getByTestId(testId).querySelectorAll('text'), (text) => Number(text.textContent));

describe('Weight Progression with twelve lifts at equal weights', () => {
  it('gives every lift its own colour and shape, and sets equal weights of a cycle side by side', async () => {
    await renderTwelveLifts();

    const series = within(screen.getByTestId('weight-chart')).getAllByTestId('weight-series');
    expect(series).toHaveLength(12);
    const looks = series.map((g) => {
      const marker = within(g).getAllByTestId('weight-marker')[0];
      return `${marker.getAttribute('fill')} ${marker.getAttribute('data-shape')}`;
    });
    expect(new Set(looks).size).toBe(12);
    // Cycle 1: twelve markers at 140 kg, none at another's spot; cycle 2: four at 150 kg.
    expect(markers()).toHaveLength(16);
    expect(new Set(markers().map(centre)).size).toBe(16);
    // Every marker keeps its tooltip and name.
    expect(screen.getByRole('img', { name: 'Lift 205, Cycle 1: 308.6 lbs' })).toBeInTheDocument();
  });

  it('shows one lift alone on a tap of its legend entry, and every lift again on a second tap', async () => {
    const { user } = await renderTwelveLifts();
    const legend = screen.getByRole('list', { name: 'Exercises' });
    const lift = within(legend).getByRole('button', { name: 'Lift 203' });
    expect(lift).toHaveAttribute('aria-pressed', 'false');

    await user.click(lift);

    expect(lift).toHaveAttribute('aria-pressed', 'true');
    const alone = within(screen.getByTestId('weight-chart')).getAllByTestId('weight-series');
    expect(alone.map((g) => g.getAttribute('data-exercise'))).toEqual(['Lift 203']);
    expect(markers()).toHaveLength(1);
    // The screen readers' table still lists every lift.
    expect(
      within(screen.getByRole('table', { name: 'Weight by cycle in lbs' })).getAllByRole('columnheader'),
    ).toHaveLength(13);

    await user.click(within(legend).getByRole('button', { name: 'Lift 101' }));
    expect(within(screen.getByTestId('weight-chart')).getAllByTestId('weight-series')).toHaveLength(1);
    expect(screen.getByRole('img', { name: 'Lift 101, Cycle 2: 330.7 lbs' })).toBeInTheDocument();

    await user.click(within(legend).getByRole('button', { name: 'Lift 101' }));
    expect(within(screen.getByTestId('weight-chart')).getAllByTestId('weight-series')).toHaveLength(12);
    expect(within(legend).queryAllByRole('button', { pressed: true })).toHaveLength(0);
  });

  it('fits the weight axis to the data, while the rep axis keeps 0 to 12', async () => {
    const { user } = await renderTwelveLifts();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Weight unit' }), 'Kilograms (kg)');

    const weightTicks = ticks('weight-y-axis');
    expect(Math.min(...weightTicks)).toBeGreaterThan(100);
    expect(Math.min(...weightTicks)).toBeLessThanOrEqual(140);
    expect(Math.max(...weightTicks)).toBeGreaterThanOrEqual(150);
    expect(ticks('rep-y-axis')).toEqual([0, 2, 4, 6, 8, 10, 12]);
  });

  it('keeps a lone lift drawn with its own shape when one exercise is chosen', async () => {
    const { user } = await renderTwelveLifts();
    const before = within(screen.getByTestId('weight-chart'))
      .getAllByTestId('weight-series')
      .find((g) => g.getAttribute('data-exercise') === 'Lift 301');
    const shape = within(before!).getAllByTestId('weight-marker')[0].getAttribute('data-shape');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Exercise' }), 'Lift 301');

    expect(markers().map((m) => m.getAttribute('data-shape'))).toEqual([shape]);
    expect(screen.queryByRole('list', { name: 'Exercises' })).not.toBeInTheDocument();
  });
});

describe('Rep Consistency with sets minutes apart', () => {
  it('sets equal reps of one workout side by side, so no marker hides another', async () => {
    await renderTwelveLifts();

    const repMarkers = Array.from(screen.getByTestId('rep-chart').querySelectorAll('circle'));
    expect(repMarkers).toHaveLength(16);
    const spots = repMarkers.map((c) => `${Math.round(Number(c.getAttribute('cx')))},${c.getAttribute('cy')}`);
    expect(new Set(spots).size).toBe(16);
  });
});

describe('the pointer on a chart: its hit layer, not the 10 px markers', () => {
  const tooltip = () => screen.queryByRole('tooltip');
  const repMarkers = () => Array.from(screen.getByTestId('rep-chart').querySelectorAll('circle'));

  it('finds the nearest target within the radius, and none farther', () => {
    const targets = [
      { x: 100, y: 100, name: 'a' },
      { x: 112, y: 100, name: 'b' },
    ];
    expect(HIT_RADIUS).toBe(22);
    expect(nearestTarget(targets, 104, 100)?.name).toBe('a');
    expect(nearestTarget(targets, 109, 103)?.name).toBe('b');
    expect(nearestTarget(targets, 100, 122)?.name).toBe('a');
    expect(nearestTarget(targets, 100, 123)).toBeUndefined();
    expect(nearestTarget(targets, 134, 100)?.name).toBe('b');
    expect(nearestTarget(targets, 134.5, 100)).toBeUndefined();
    expect(nearestTarget([], 0, 0)).toBeUndefined();
  });

  it('leaves the markers to the keyboard: no pointer events of their own, focus still shows the tooltip', async () => {
    await renderTwelveLifts();
    for (const marker of [...markers(), ...repMarkers()]) {
      expect(marker).toHaveAttribute('pointer-events', 'none');
      expect(marker).toHaveAttribute('tabindex', '0');
    }
    for (const chart of ['weight-chart', 'rep-chart']) {
      const hitArea = within(screen.getByTestId(chart)).getByTestId('chart-hit-area');
      expect(hitArea).not.toHaveAttribute('tabindex');
      expect(hitArea).toHaveAttribute('pointer-events', 'all');
    }

    const marker = screen.getByRole('img', { name: 'Lift 205, Cycle 1: 308.6 lbs' });
    act(() => marker.focus());
    expect(tooltip()).toHaveTextContent('Lift 205');
    expect(tooltip()).toHaveTextContent('Cycle 1: 308.6 lbs');
    act(() => marker.blur());
    expect(tooltip()).not.toBeInTheDocument();
  });

  it("shows each marker's own tooltip at its centre, markers side by side included", async () => {
    const { user } = await renderTwelveLifts();

    for (const marker of markers()) {
      await tapNear(user, marker);
      const [lift, value] = marker.getAttribute('aria-label')!.split(', ');
      expect(tooltip()).toHaveTextContent(lift);
      expect(tooltip()).toHaveTextContent(value);
    }
    const repLabels = screen.getAllByRole('img', { name: /reps at/ });
    expect(repLabels).toHaveLength(16);
    for (const marker of repMarkers()) {
      await tapNear(user, marker);
      // 'Lift 101, Nov 2, 2026: 8 reps at 308.6 lbs' → its tooltip's lift, date and '8 reps · 308.6 lbs'.
      const [lift, rest] = marker.getAttribute('aria-label')!.split(/, (.*)/s);
      const [date, reps] = rest.split(/: (.*)/s);
      expect(tooltip()).toHaveTextContent(lift);
      expect(tooltip()).toHaveTextContent(date);
      expect(tooltip()).toHaveTextContent(reps.replace(' at ', ' · '));
    }
  });

  it(`shows a lone marker's tooltip within ${HIT_RADIUS} px of it, and nothing farther`, async () => {
    const { user } = await renderTwelveLifts();
    await user.click(within(screen.getByRole('list', { name: 'Exercises' })).getByRole('button', { name: 'Lift 203' }));
    const [marker] = markers();

    await hoverNear(user, marker, HIT_RADIUS - 1, 0);
    expect(tooltip()).toHaveTextContent('Lift 203');
    expect(tooltip()).toHaveTextContent('Cycle 1: 308.6 lbs');
    await hoverNear(user, marker, HIT_RADIUS + 1, 0);
    expect(tooltip()).not.toBeInTheDocument();
    await hoverNear(user, marker, -15, 15);
    expect(tooltip()).toHaveTextContent('Lift 203');
    await hoverNear(user, marker, -16, 16);
    expect(tooltip()).not.toBeInTheDocument();

    // A finger: the tapped marker's tooltip stays as the finger lifts; a tap away from it puts it away.
    await tapNear(user, marker, 0, -HIT_RADIUS + 1);
    expect(tooltip()).toHaveTextContent('Lift 203');
    await tapNear(user, marker, 0, -HIT_RADIUS - 1);
    expect(tooltip()).not.toBeInTheDocument();
  });

  it('hides the tooltip when the mouse leaves the chart, or a tap lands outside it', async () => {
    const { user } = await renderTwelveLifts();
    const [marker] = repMarkers();

    await hoverNear(user, marker);
    expect(tooltip()).toBeInTheDocument();
    await user.unhover(hitAreaOf(marker));
    expect(tooltip()).not.toBeInTheDocument();

    await tapNear(user, marker);
    expect(tooltip()).toBeInTheDocument();
    await user.pointer({ keys: '[TouchA]', target: screen.getByRole('heading', { level: 1 }) });
    expect(tooltip()).not.toBeInTheDocument();
  });
});
