import { act, screen, waitFor, within } from '@testing-library/react';
import { queryKeys } from '@hit/platform';
import { dismissToast } from '@hit/platform';
import { answer, never } from '@hit/platform/test/apiMock';
import { hitAreaOf, hoverNear } from '../../test/chartPointer';
import { expiredStatus, lifter } from '../../test/fixtures';
import { mockAnalyticsApi, renderAnalytics } from '../../test/renderAnalytics';

const tile = (label: string) => screen.getByTestId(`tile-${label}`);

async function renderLoaded() {
  const api = mockAnalyticsApi();
  const rendered = renderAnalytics();
  await screen.findByRole('img', { name: /Weight Progression chart/ });
  // The screen readers' tables arrive a frame after their charts.
  await screen.findByRole('table', { name: /Reps by date/ });
  return { api, ...rendered };
}

describe('ProgressAnalytics', () => {
  it('links Home to /home when no back handler is given, and shows the tip', async () => {
    mockAnalyticsApi();
    const { user } = renderAnalytics();

    expect(screen.getByRole('region', { name: 'Progress Analytics' })).toBeInTheDocument();
    expect(
      screen.getByText('Complete 3–4 workout cycles (9–12 sessions) for meaningful trends and recommendations'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
  });

  it('shows a Back button that calls the back handler when one is given', async () => {
    mockAnalyticsApi();
    const onBack = jest.fn();
    const { user } = renderAnalytics({ onBack });

    await user.click(screen.getByRole('button', { name: 'Back' }));

    expect(onBack).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('link', { name: 'Home' })).not.toBeInTheDocument();
  });

  it('shows the loading text while progress loads', async () => {
    const api = mockAnalyticsApi({ 'GET /api/progress': never });
    renderAnalytics();

    expect(await screen.findByText('Loading progress data...')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/progress')).toHaveLength(1));
  });

  it('shows the empty state with a link to start the first workout', async () => {
    mockAnalyticsApi({ 'GET /api/progress': answer(200, []) });
    renderAnalytics();

    expect(await screen.findByText('No progress data available')).toBeInTheDocument();
    expect(screen.getByText('Complete some workouts to see your progress analytics')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Your First Workout' })).toHaveAttribute('href', '/home');
  });

  it('draws both charts with D3 paths, the legend, the recommendations and the summary tiles', async () => {
    await renderLoaded();

    const weightChart = screen.getByTestId('weight-chart');
    const weightLines = within(weightChart).getAllByTestId('weight-line');
    expect(weightLines).toHaveLength(3);
    for (const path of weightLines) expect(path.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+/);
    expect(within(screen.getByRole('list', { name: 'Exercises' })).getAllByRole('listitem')).toHaveLength(3);

    const repChart = screen.getByTestId('rep-chart');
    expect(within(repChart).getByTestId('rep-line').getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+L/);
    expect(within(repChart).getByTestId('optimal-band').getAttribute('d')).toMatch(/^M/);
    expect(within(repChart).getByText('Optimal range: 6-10 reps')).toBeInTheDocument();
    // y-axis runs to max(12 + 2, 12) = 14.
    expect(within(repChart).getByText('14')).toBeInTheDocument();

    expect(tile('Total Working Sets')).toHaveTextContent('5');
    expect(tile('Avg Weight')).toHaveTextContent('147.0 lbs');
    expect(tile('Avg Reps')).toHaveTextContent('9.0');
    expect(tile('Weight Change')).toHaveTextContent('+110.0 lbs'); // Squat's 210 (latest) minus Bench's 100 (earliest)

    const recommendations = screen.getByRole('region', { name: 'Training Recommendations' });
    expect(within(recommendations).getAllByRole('listitem')).toHaveLength(3);
  });

  it('shows a tooltip when a data point gets keyboard focus or the pointer', async () => {
    const { user } = await renderLoaded();

    const point = screen.getByRole('img', { name: 'Squat, Cycle 2: 210 lbs' });
    expect(point).toHaveAttribute('tabindex', '0');
    act(() => point.focus());
    expect(screen.getByRole('tooltip')).toHaveTextContent('Cycle 2: 210 lbs');
    act(() => point.blur());
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    // The pointer's target is the chart's hit layer: the mouse at a marker's centre shows that marker's tooltip.
    const repPoint = screen.getAllByRole('img', { name: /^Barbell Row, .*: 5 reps at 120 lbs$/ })[0];
    expect(repPoint).toHaveAttribute('pointer-events', 'none');
    await hoverNear(user, repPoint);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Barbell Row');
    expect(screen.getByRole('tooltip')).toHaveTextContent('5 reps · 120 lbs');
    await user.unhover(hitAreaOf(repPoint));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it("shows the screen's text and tiles first, then draws the charts", async () => {
    mockAnalyticsApi();
    renderAnalytics();
    await screen.findByTestId('tile-Total Working Sets');
    expect(screen.queryByTestId('weight-chart')).toBeNull();
    expect(screen.queryByTestId('rep-chart')).toBeNull();
    expect(await screen.findByTestId('weight-chart')).toBeInTheDocument();
    expect(await screen.findByTestId('rep-chart')).toBeInTheDocument();
  });

  it('gives screen readers a data table for each chart', async () => {
    mockAnalyticsApi();
    renderAnalytics();

    expect(await screen.findByRole('table', { name: 'Weight by cycle in lbs' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: /Reps by date/ })).toBeInTheDocument();
  });

  it('opens in the unit the lifter last used', async () => {
    mockAnalyticsApi();
    const { queryClient } = renderAnalytics();
    queryClient.setQueryData(queryKeys.user, { ...lifter, weightUnit: 'kg' });

    expect(await screen.findByRole('table', { name: 'Weight by cycle in kg' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Weight unit' })).toHaveDisplayValue('Kilograms (kg)');
  });

  it('remembers the unit chosen on the toggle for every device of the lifter', async () => {
    const { api, user, queryClient } = await renderLoaded();
    api.route({ 'PUT /api/user/weight-unit': answer(200, { ...lifter, weightUnit: 'kg' }) });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Weight unit' }), 'Kilograms (kg)');

    const [[, request]] = api.callsTo('PUT /api/user/weight-unit');
    expect(JSON.parse(String(request?.body))).toEqual({ weightUnit: 'kg' });
    expect(queryClient.getQueryData(queryKeys.user)).toEqual({ ...lifter, weightUnit: 'kg' });
    expect(screen.getByRole('table', { name: 'Weight by cycle in kg' })).toBeInTheDocument();
  });

  it('switches the tiles and labels to kilograms', async () => {
    const { api, user } = await renderLoaded();
    api.route({ 'PUT /api/user/weight-unit': answer(200, { ...lifter, weightUnit: 'kg' }) });

    const unitSelect = screen.getByRole('combobox', { name: 'Weight unit' });
    expect(within(unitSelect).getByRole('option', { name: 'Pounds (lbs)' })).toBeInTheDocument();
    await user.selectOptions(unitSelect, 'Kilograms (kg)');

    expect(tile('Avg Weight')).toHaveTextContent(/^66\.\d kg$/);
    expect(tile('Weight Change')).toHaveTextContent('+49.9 kg');
    expect(screen.getByRole('table', { name: 'Weight by cycle in kg' })).toBeInTheDocument();
  });

  it('narrows the weight chart to a single line when one exercise is chosen', async () => {
    const { user } = await renderLoaded();

    const exerciseSelect = screen.getByRole('combobox', { name: 'Exercise' });
    expect(exerciseSelect).toHaveDisplayValue('All Exercises');
    await user.selectOptions(exerciseSelect, 'Squat');

    const lines = within(screen.getByTestId('weight-chart')).getAllByTestId('weight-line');
    expect(lines).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Exercises' })).not.toBeInTheDocument();
    expect(tile('Total Working Sets')).toHaveTextContent('2');
  });

  it('shows the trial-expired gate without fetching progress, and upgrading starts checkout', async () => {
    const api = mockAnalyticsApi({
      'GET /api/subscription/status': answer(200, expiredStatus),
      'POST /api/subscription/create-checkout': answer(500, { message: 'Stripe down' }, 'Internal Server Error'),
    });
    const { user } = renderAnalytics();

    const dialog = await screen.findByRole('dialog', { name: 'Free Trial Expired' });
    expect(
      within(dialog).getByText(
        'Your trial has ended. Upgrade to Premium to continue accessing your analytics and progress tracking.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Loading progress data...')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Upgrade to Premium' }));

    await waitFor(() => expect(api.callsTo('POST /api/subscription/create-checkout')).toHaveLength(1));
    expect(JSON.parse(String(api.callsTo('POST /api/subscription/create-checkout')[0][1]?.body))).toEqual({
      billingEmail: 'lifter@gym.test',
    });
    expect(await screen.findByText('Unable to Process Payment')).toBeInTheDocument();
    expect(api.callsTo('GET /api/progress')).toHaveLength(0);
  });

  it('goes home from the gate with Back to Home', async () => {
    mockAnalyticsApi({ 'GET /api/subscription/status': answer(200, expiredStatus) });
    const { user } = renderAnalytics();

    await user.click(await screen.findByRole('button', { name: 'Back to Home' }));

    expect(await screen.findByRole('heading', { name: 'Home screen' })).toBeInTheDocument();
  });
});

describe('ProgressAnalytics with a long history', () => {
  it('keeps every set in the line but only gives the latest 150 a focusable marker', async () => {
    const start = Date.parse('2025-01-01T10:00:00.000Z');
    const entries = Array.from({ length: 400 }, (_, i) => ({
      date: new Date(start + i * 2 * 86_400_000).toISOString(),
      sessionId: `s${i}`,
      workoutDayId: (i % 3) + 1,
      exerciseId: 11,
      exerciseName: 'Bench Press',
      weight: 100 + i,
      weightUnit: 'lbs' as const,
      reps: 6 + (i % 5),
      setType: 'working' as const,
    }));
    mockAnalyticsApi({ 'GET /api/progress': answer(200, entries) });
    renderAnalytics();

    const repChart = await screen.findByTestId('rep-chart');
    expect(repChart.querySelectorAll('circle')).toHaveLength(150);
    expect(within(repChart).getByTestId('rep-line').getAttribute('d')?.split('L')).toHaveLength(400);
    expect(tile('Total Working Sets')).toHaveTextContent('400');
  });
});

describe('the rep chart axis', () => {
  it('prints a date once when the sets of one day span several ticks', async () => {
    const entries = Array.from({ length: 6 }, (_, i) => ({
      date: `2026-11-22T${String(8 + i).padStart(2, '0')}:00:00.000Z`,
      sessionId: 's1',
      workoutDayId: 1,
      exerciseId: 11 + i,
      exerciseName: `Exercise ${i + 1}`,
      weight: 100,
      weightUnit: 'lbs' as const,
      reps: 8,
      setType: 'working' as const,
    }));
    mockAnalyticsApi({ 'GET /api/progress': answer(200, entries) });
    renderAnalytics();

    const repChart = await screen.findByTestId('rep-chart');
    const labels = Array.from(repChart.querySelectorAll('text'), (text) => text.textContent).filter((text) =>
      /^[A-Z][a-z]{2} \d{2}$/.test(text ?? ''),
    );
    expect(labels).toEqual(['Nov 22']);
  });
});

describe('ProgressAnalytics charts at any width', () => {
  const original = global.ResizeObserver;
  // The browser's reports of each chart box's width, as its layout gives them. Only the observers of boxes inside
  // the screen's section count: the app's toasts measure their own box as well.
  let observers: { callback: ResizeObserverCallback; target: Element | null }[] = [];
  const chartObservers = () => observers.filter(({ target }) => target?.closest('section') != null);
  const notify = (width: number) =>
    act(() => {
      for (const { callback } of chartObservers()) {
        callback([{ contentRect: { width } } as ResizeObserverEntry], {} as ResizeObserver);
      }
    });
  /** The screen with both chart boxes laid out at `width` (the first frame's report), once the charts are drawn. */
  async function renderLaidOut(width: number) {
    mockAnalyticsApi();
    renderAnalytics();
    await waitFor(() => expect(chartObservers()).toHaveLength(2));
    notify(width);
    await screen.findByRole('img', { name: /Weight Progression chart/ });
    await screen.findByRole('img', { name: /Rep Consistency chart/ });
  }

  beforeEach(() => {
    // A toast left by an earlier test would measure its own box (the Toaster makes room for it) during these tests.
    act(() => dismissToast());
    observers = [];
    global.ResizeObserver = class {
      private readonly observer: { callback: ResizeObserverCallback; target: Element | null };
      constructor(callback: ResizeObserverCallback) {
        this.observer = { callback, target: null };
        observers.push(this.observer);
      }
      observe(target: Element) {
        this.observer.target = target;
      }
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
  });

  afterEach(() => {
    global.ResizeObserver = original;
  });

  it('redraws the charts at the width of their container (a 320 px phone)', async () => {
    await renderLaidOut(371);

    notify(320);

    expect(screen.getByTestId('weight-chart')).toHaveAttribute('width', '320');
    expect(screen.getByTestId('rep-chart')).toHaveAttribute('viewBox', '0 0 320 260');
  });

  it('draws each chart once, at the width its box measures when first laid out, never at the fallback width', async () => {
    // Measuring forces no layout of its own: the width comes from the browser's report after its layout.
    const forcedLayout = jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    // A chart drawn first at another width would be redrawn: its svg's width attribute would change.
    const redrawnFrom: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) redrawnFrom.push(`${record.oldValue}`);
    });
    observer.observe(document.body, { subtree: true, attributeFilter: ['width'], attributeOldValue: true });
    try {
      await renderLaidOut(371);
      expect(screen.getByTestId('weight-chart')).toHaveAttribute('width', '371');
      expect(screen.getByTestId('rep-chart')).toHaveAttribute('viewBox', '0 0 371 260');
      expect(redrawnFrom).toEqual([]);
      expect(forcedLayout).not.toHaveBeenCalled();
    } finally {
      observer.disconnect();
      forcedLayout.mockRestore();
    }
  });

  it('keeps a chart drawn at its width when its box is hidden (a width of 0)', async () => {
    await renderLaidOut(371);

    notify(0);

    expect(screen.getByTestId('weight-chart')).toHaveAttribute('width', '371');
  });
});

describe('the build label (BUILD_LABEL at build time)', () => {
  const globals = globalThis as { __BUILD_LABEL__?: string };
  afterEach(() => delete globals.__BUILD_LABEL__);

  it('is shown on the screen of a labelled build, such as a canary', async () => {
    globals.__BUILD_LABEL__ = 'Canary 0.2.0';
    await renderLoaded();

    expect(screen.getByRole('note', { name: 'Build: Canary 0.2.0' })).toHaveTextContent('Canary 0.2.0');
  });

  it('is not shown for a normal build', async () => {
    await renderLoaded();

    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
