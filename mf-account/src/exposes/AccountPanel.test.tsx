import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { PlateSettingsBody, SubscriptionStatus } from '@hit/contracts';
import { DEFAULT_PLATE_SETTINGS } from '@hit/contracts/rules';
import { REST_ALERT_OFFER, REST_ALERT_UNAVAILABLE } from '@hit/contracts';
import {
  checkRestAlertAvailability,
  createQueryClient,
  deviceId,
  dismissToast,
  queryKeys,
  restAlertChoice,
  setRestAlertChoice,
} from '@hit/platform';
import { ThemeProvider, Toaster } from '@hit/ui';
import AccountPanel from './AccountPanel';
import { answer, mockApi as mockSharedApi, never, type ApiRoutes } from '@hit/platform/test/apiMock';
import { PUBLIC_KEY, SUBSCRIPTION_JSON, installPushBrowser, restorePushBrowser } from '@hit/platform/test/pushMock';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const lifter = { id: 'u1', email: 'lifter@gym.test', firstName: 'Ann', lastName: 'Lee' };

const trial: SubscriptionStatus = {
  hasActiveSubscription: false,
  subscriptionStatus: null,
  subscriptionPeriodEnd: null,
  trialExpired: false,
  trialEndsAt: '2026-03-13T12:00:00.000Z',
  canAccessFeatures: true,
};
const active: SubscriptionStatus = {
  ...trial,
  hasActiveSubscription: true,
  subscriptionStatus: 'active',
  subscriptionPeriodEnd: '2026-03-20T12:00:00.000Z',
  trialExpired: true,
};
const ending: SubscriptionStatus = {
  ...trial,
  subscriptionStatus: 'cancelled',
  subscriptionPeriodEnd: '2026-03-06T12:00:00.000Z',
  trialExpired: true,
};
const expired: SubscriptionStatus = { ...trial, trialExpired: true, canAccessFeatures: false };

function mockApi(routes: ApiRoutes) {
  const fetchMock = mockSharedApi(routes);
  return { fetchMock, callsTo: fetchMock.callsTo };
}

/** Like the shell: the panel is unmounted as soon as it closes. */
function ShellHost() {
  const [open, setOpen] = useState(true);
  return open ? <AccountPanel open onOpenChange={setOpen} /> : null;
}

function renderPanel(
  { open = true, status = trial }: { open?: boolean | 'as in the shell'; status?: SubscriptionStatus | null } = {},
  onOpenChange = jest.fn(),
) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user, lifter);
  if (status) queryClient.setQueryData(queryKeys.subscriptionStatus, status);
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <MemoryRouter initialEntries={['/home']}>
          <Routes>
            <Route path="/home" element={<h1>Home</h1>} />
            <Route path="/auth" element={<h1>Sign in page</h1>} />
          </Routes>
          {open === 'as in the shell' ? <ShellHost /> : <AccountPanel open={open} onOpenChange={onOpenChange} />}
          <Toaster />
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { onOpenChange, queryClient };
}

const panel = () => screen.getByRole('dialog', { name: 'Account details' });
const button = (name: string) => within(panel()).queryByRole('button', { name });

// The panel loads the rest-over alert's push client when it opens and shows what it found: found once here, as on a
// page that has opened the panel before, so a test's render does not see that answer arrive after it ended.
beforeAll(() => checkRestAlertAvailability());

beforeEach(() => {
  jest.useFakeTimers({ advanceTimers: true });
  jest.setSystemTime(NOW);
});
afterEach(() => {
  act(() => dismissToast());
  jest.useRealTimers();
});

describe('AccountPanel', () => {
  it('shows nothing while closed', () => {
    mockApi({});
    renderPanel({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("is the 'Account details' dialog with the user's name, e-mail and badge", () => {
    const { fetchMock } = mockApi({});
    renderPanel();
    expect(panel()).toHaveTextContent('Ann Lee');
    expect(panel()).toHaveTextContent('lifter@gym.test');
    // The spec's word alone in the badge, the days left beside it.
    expect(screen.getByTestId('subscription-badge')).toHaveTextContent(/^Free Trial$/);
    expect(screen.getByTestId('subscription-detail')).toHaveTextContent(/^12 days left$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each<[string, SubscriptionStatus, string, string | null]>([
    ['active', active, 'Premium Active', null],
    ['cancelled, 5 days left', ending, 'Premium Ending', '5 days left'],
    [
      'cancelled, 1 day left',
      { ...ending, subscriptionPeriodEnd: '2026-03-02T12:00:00.000Z' },
      'Premium Ending',
      '1 day left',
    ],
    [
      'cancelled, under a day left (rounded up)',
      { ...ending, subscriptionPeriodEnd: '2026-03-01T18:00:00.000Z' },
      'Premium Ending',
      '1 day left',
    ],
    ['cancelled, no end', { ...ending, subscriptionPeriodEnd: null }, 'Premium Ending', 'Expires soon'],
    ['trial', trial, 'Free Trial', '12 days left'],
    ['trial expired', expired, 'Trial Expired', null],
  ])('badge: %s → %s', (_name, status, label, detail) => {
    mockApi({});
    renderPanel({ status });
    expect(screen.getByTestId('subscription-badge').textContent).toBe(label);
    expect(screen.queryByTestId('subscription-detail')?.textContent ?? null).toBe(detail);
  });

  it.each<[string, SubscriptionStatus, boolean, boolean]>([
    ['trial', trial, true, false],
    ['active', active, false, true],
    ['cancelled', ending, false, false],
    ['trial expired', expired, false, false],
  ])('buttons for %s: sync %s, cancel %s', (_name, status, sync, cancel) => {
    mockApi({});
    renderPanel({ status });
    expect(button('Sync Subscription Status') !== null).toBe(sync);
    expect(button('Cancel Subscription') !== null).toBe(cancel);
    expect(button('Reset All Progress')).toBeInTheDocument();
    expect(button('Privacy Policy')).toBeInTheDocument();
    expect(button('Terms of Service')).toBeInTheDocument();
    expect(button('Sign Out')).toBeInTheDocument();
  });

  it('has an external Contact link opening a new tab', () => {
    mockApi({});
    renderPanel();
    const link = within(panel()).getByRole('link', { name: 'Contact' });
    expect(link).toHaveAttribute('href', 'https://hit-tracker.app/contact');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each([
    ['Privacy Policy', 'Stripe'],
    ['Terms of Service', 'paid accounts are retained'],
  ])('%s opens a dialog with the policy text', async (name, text) => {
    mockApi({});
    renderPanel();
    await userEvent.click(button(name)!);
    const dialog = screen.getByRole('dialog', { name });
    expect(dialog).toHaveTextContent(text);
    expect(dialog).toHaveTextContent(/inactive for one year may be deleted/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name })).not.toBeInTheDocument();
  });

  it('puts focus on the account details as it opens; Tab then reaches the first action, not a destructive one', async () => {
    mockApi({});
    renderPanel();
    const details = within(panel()).getByText('lifter@gym.test').closest('dl')!;
    expect(details).toHaveFocus();
    await userEvent.tab();
    expect(button('Sync Subscription Status')).toHaveFocus();
  });

  it.each<[string, SubscriptionStatus]>([
    ['trial', trial],
    ['active', active],
    ['expired', expired],
  ])('puts the destructive actions last (%s)', (_name, status) => {
    mockApi({});
    renderPanel({ status });
    const names = within(panel())
      .getAllByRole('button')
      .filter((element) => element.getAttribute('aria-label') !== 'Close')
      .map((element) => element.textContent);
    expect(names.slice(-2)).toEqual(['Reset All Progress', 'Delete Account']);
  });

  it('asks to close with Escape', async () => {
    mockApi({});
    const { onOpenChange } = renderPanel();
    await userEvent.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  describe('Reset All Progress', () => {
    it('asks first; keeping progress sends nothing', async () => {
      const api = mockApi({});
      renderPanel();
      await userEvent.click(button('Reset All Progress')!);
      const confirm = screen.getByRole('dialog', { name: 'Reset all progress?' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Keep my progress' }));
      expect(screen.queryByRole('dialog', { name: 'Reset all progress?' })).not.toBeInTheDocument();
      expect(api.callsTo('POST /api/reset')).toHaveLength(0);
    });

    it("resets, says 'Progress Reset' and refreshes workout queries", async () => {
      const api = mockApi({ 'POST /api/reset': answer(200, { message: 'ok' }) });
      const { queryClient } = renderPanel();
      queryClient.setQueryData(queryKeys.workoutDays, []);
      await userEvent.click(button('Reset All Progress')!);
      await userEvent.click(screen.getByRole('button', { name: 'Yes, reset everything' }));
      expect(await screen.findByText('Progress Reset')).toBeInTheDocument();
      expect(api.callsTo('POST /api/reset')).toHaveLength(1);
      await waitFor(() => expect(queryClient.getQueryState(queryKeys.workoutDays)?.isInvalidated).toBe(true));
    });

    it('waits, disabled, while the subscription status loads', async () => {
      const api = mockApi({ 'GET /api/subscription/status': never });
      renderPanel({ status: null });

      expect(button('Reset All Progress')).toBeDisabled();
      expect(button('Reset All Progress')).toHaveAccessibleDescription('Checking subscription status...');
      await userEvent.click(button('Reset All Progress')!);
      expect(screen.queryByRole('dialog', { name: 'Reset all progress?' })).not.toBeInTheDocument();
      expect(api.callsTo('POST /api/reset')).toHaveLength(0);
      expect(within(panel()).queryByRole('button', { name: 'Upgrade to Premium' })).not.toBeInTheDocument();
    });

    it('is disabled when access is denied, with the upgrade prompt in its place', async () => {
      const api = mockApi({ 'POST /api/subscription/create-checkout': never });
      renderPanel({ status: expired });

      expect(button('Reset All Progress')).toBeDisabled();
      await userEvent.click(button('Reset All Progress')!);
      expect(screen.queryByRole('dialog', { name: 'Reset all progress?' })).not.toBeInTheDocument();
      expect(api.callsTo('POST /api/reset')).toHaveLength(0);
      expect(within(panel()).getByRole('heading', { name: 'Free Trial Expired' })).toBeInTheDocument();
      expect(panel()).toHaveTextContent('Your 30-day free trial has ended.');
      expect(within(panel()).queryByText('Checking subscription status...')).not.toBeInTheDocument();

      await userEvent.click(within(panel()).getByRole('button', { name: 'Upgrade to Premium' }));
      expect(api.callsTo('POST /api/subscription/create-checkout')).toHaveLength(1);
      expect(within(panel()).getByRole('button', { name: 'Upgrade to Premium' })).toBeDisabled();
    });

    it('names the trial length the api is configured with', () => {
      mockApi({});
      renderPanel({ status: { ...expired, trialDays: 14 } });
      expect(panel()).toHaveTextContent('Your 14-day free trial has ended.');
      expect(panel()).not.toHaveTextContent('30-day');
    });

    it.each<[string, SubscriptionStatus]>([
      ['in the trial', trial],
      ['with an active subscription', active],
      ['with a cancelled subscription not yet ended', ending],
    ])('is enabled %s, with no upgrade prompt', (_name, status) => {
      mockApi({});
      renderPanel({ status });
      expect(button('Reset All Progress')).toBeEnabled();
      expect(within(panel()).queryByText('Free Trial Expired')).not.toBeInTheDocument();
    });

    it("says 'Reset Failed' when the api refuses (402)", async () => {
      mockApi({ 'POST /api/reset': answer(402, { message: 'Subscription required' }) });
      renderPanel();
      await userEvent.click(button('Reset All Progress')!);
      await userEvent.click(screen.getByRole('button', { name: 'Yes, reset everything' }));
      expect(await screen.findByText('Reset Failed')).toBeInTheDocument();
      expect(screen.getByText('Failed to reset workout progress. Please try again.')).toBeInTheDocument();
    });
  });

  describe('Sync Subscription Status', () => {
    it('keeps the focus while it syncs, so the keyboard still closes the panel with Escape', async () => {
      const api = mockApi({ 'POST /api/subscription/sync': never });
      const { onOpenChange } = renderPanel();
      button('Sync Subscription Status')!.focus();
      await userEvent.keyboard('{Enter}');

      const syncing = within(panel()).getByRole('button', { name: 'Syncing...' });
      expect(syncing).toHaveAttribute('aria-disabled', 'true');
      expect(syncing).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      expect(api.callsTo('POST /api/subscription/sync')).toHaveLength(1);
      await userEvent.keyboard('{Escape}');
      expect(onOpenChange).toHaveBeenCalledWith(false);
    });

    it("says 'Subscription Synced' and reloads the status", async () => {
      const api = mockApi({
        'POST /api/subscription/sync': answer(200, { subscriptionId: 'sub_1' }),
        'GET /api/subscription/status': answer(200, active),
      });
      renderPanel();
      await userEvent.click(button('Sync Subscription Status')!);
      expect(await screen.findByText('Subscription Synced')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByTestId('subscription-badge')).toHaveTextContent('Premium Active'));
      expect(api.callsTo('GET /api/subscription/status')).toHaveLength(1);
    });

    it("says 'No Active Subscription' when none is found", async () => {
      mockApi({
        'POST /api/subscription/sync': answer(200, { error: 'No active subscription found' }),
        'GET /api/subscription/status': answer(200, trial),
      });
      renderPanel();
      await userEvent.click(button('Sync Subscription Status')!);
      expect(await screen.findByText('No Active Subscription')).toBeInTheDocument();
      expect(screen.getByText('No active subscription found in your Stripe account.')).toBeInTheDocument();
    });

    it("says 'Sync Failed' with the message when the call fails", async () => {
      mockApi({ 'POST /api/subscription/sync': answer(500, { message: 'Stripe is down' }) });
      renderPanel();
      await userEvent.click(button('Sync Subscription Status')!);
      expect(await screen.findByText('Sync Failed')).toBeInTheDocument();
      expect(screen.getByText('Failed to sync subscription status: Stripe is down')).toBeInTheDocument();
    });

    it("says 'API request failed' with the status text when a gateway answers its own error page", async () => {
      mockApi({
        'POST /api/subscription/sync': answer(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'Bad Gateway'),
      });
      renderPanel();
      await userEvent.click(button('Sync Subscription Status')!);
      expect(await screen.findByText('Sync Failed')).toBeInTheDocument();
      expect(
        screen.getByText('Failed to sync subscription status: API request failed: Bad Gateway'),
      ).toBeInTheDocument();
    });
  });

  describe('Cancel Subscription', () => {
    it('asks first; keeping it sends nothing', async () => {
      const api = mockApi({});
      renderPanel({ status: active });
      await userEvent.click(button('Cancel Subscription')!);
      await userEvent.click(screen.getByRole('button', { name: 'Keep subscription' }));
      expect(screen.queryByRole('dialog', { name: 'Cancel subscription?' })).not.toBeInTheDocument();
      expect(api.callsTo('POST /api/subscription/cancel')).toHaveLength(0);
    });

    it("says 'Subscription Cancelled' with the period end date", async () => {
      mockApi({
        'POST /api/subscription/cancel': answer(200, { periodEnd: '2026-03-20T12:00:00.000Z' }),
        'GET /api/subscription/status': answer(200, ending),
      });
      renderPanel({ status: active });
      await userEvent.click(button('Cancel Subscription')!);
      await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
      expect(await screen.findByText('Subscription Cancelled')).toBeInTheDocument();
      expect(screen.getByText(/until March 20, 2026/)).toBeInTheDocument();
      await waitFor(() => expect(screen.getByTestId('subscription-badge')).toHaveTextContent('Premium Ending'));
    });

    it("says 'the current billing period' without a period end", async () => {
      mockApi({
        'POST /api/subscription/cancel': answer(200, { periodEnd: null }),
        'GET /api/subscription/status': answer(200, ending),
      });
      renderPanel({ status: active });
      await userEvent.click(button('Cancel Subscription')!);
      await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
      expect(await screen.findByText('Subscription Cancelled')).toBeInTheDocument();
      expect(screen.getByText(/until the current billing period/)).toBeInTheDocument();
    });

    it.each([
      [
        'an error field',
        answer(200, { error: 'No active subscription to cancel' }),
        'No active subscription to cancel',
      ],
      ['a failed call', answer(500, { message: 'Stripe is down' }), 'Stripe is down'],
    ])("says 'Cancellation Failed' for %s", async (_name, reply, message) => {
      mockApi({ 'POST /api/subscription/cancel': reply });
      renderPanel({ status: active });
      await userEvent.click(button('Cancel Subscription')!);
      await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel' }));
      expect(await screen.findByText('Cancellation Failed')).toBeInTheDocument();
      expect(
        screen.getByText(
          `Failed to cancel subscription: ${message}. Please try again or contact support if the issue persists.`,
        ),
      ).toBeInTheDocument();
    });
  });

  it('signs out: closes, logs out on the server, forgets the user and goes to /auth', async () => {
    const api = mockApi({ 'POST /api/logout': answer(200, { message: 'Logged out' }) });
    const { queryClient } = renderPanel({ open: 'as in the shell' });
    await userEvent.click(button('Sign Out')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/logout')).toHaveLength(1);
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.user)).toBeNull());
  });
});

describe('the build label (BUILD_LABEL at build time)', () => {
  const globals = globalThis as { __BUILD_LABEL__?: string };
  afterEach(() => delete globals.__BUILD_LABEL__);

  it('is shown while the panel of a labelled build is open', () => {
    mockApi({});
    globals.__BUILD_LABEL__ = 'Canary 0.2.0';
    renderPanel();
    expect(screen.getByRole('note', { name: 'Build: Canary 0.2.0' })).toBeInTheDocument();
  });

  it('is not shown while the panel is closed, nor for a normal build', () => {
    mockApi({});
    globals.__BUILD_LABEL__ = 'Canary 0.2.0';
    renderPanel({ open: false });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    delete globals.__BUILD_LABEL__;
    renderPanel();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});

describe('Plate Settings', () => {
  const own: PlateSettingsBody = {
    lbs: {
      bar: 35,
      sled: 100,
      plates: [
        { weight: 45, pairs: 2 },
        { weight: 10, pairs: 1 },
      ],
    },
    kg: { bar: 15, sled: 0, plates: [{ weight: 10, pairs: 3 }] },
  };
  const SETTINGS = 'GET /api/settings/plates';
  const SAVE = 'PUT /api/settings/plates';

  const plates = () => screen.getByRole('dialog', { name: 'Plate Settings' });
  const field = (name: string) => within(plates()).getByRole('textbox', { name });
  const sentBody = (api: ReturnType<typeof mockApi>) => JSON.parse(String(api.callsTo(SAVE).at(-1)?.[1]?.body));

  async function openPlates() {
    await userEvent.click(button('Plate Settings')!);
    return screen.findByRole('textbox', { name: 'Bar weight (lbs)' });
  }

  async function retype(name: string, text: string) {
    await userEvent.clear(field(name));
    if (text) await userEvent.type(field(name), text);
  }

  it('loads the saved plates only when opened, and shows them per unit', async () => {
    const api = mockApi({ [SETTINGS]: answer(200, own) });
    renderPanel();
    expect(api.callsTo(SETTINGS)).toHaveLength(0);

    await openPlates();
    expect(field('Bar weight (lbs)')).toHaveValue('35');
    expect(field('Leg press sled (lbs)')).toHaveValue('100');
    expect(field('Leg press sled (lbs)')).toHaveAccessibleDescription('0 to log only the plates');
    expect(field('Plate 1 weight (lbs)')).toHaveValue('45');
    expect(field('Plate 1 pairs')).toHaveValue('2');
    expect(field('Plate 2 weight (lbs)')).toHaveValue('10');
    expect(within(plates()).queryByRole('textbox', { name: 'Plate 3 weight (lbs)' })).not.toBeInTheDocument();
    expect(within(plates()).getByRole('radio', { name: 'lbs' })).toBeChecked();

    await userEvent.click(within(plates()).getByRole('radio', { name: 'kg' }));
    expect(field('Bar weight (kg)')).toHaveValue('15');
    expect(field('Plate 1 weight (kg)')).toHaveValue('10');
    expect(field('Plate 1 pairs')).toHaveValue('3');
    expect(api.callsTo(SETTINGS)).toHaveLength(1);
  });

  it('saves the edits of both units as one body, updates the cached settings and goes back to the panel', async () => {
    const saved = (init?: RequestInit) => answer(200, JSON.parse(String(init?.body)));
    const api = mockApi({ [SETTINGS]: answer(200, own), [SAVE]: saved });
    const { queryClient } = renderPanel();
    await openPlates();

    await retype('Bar weight (lbs)', '45');
    await retype('Plate 1 pairs', '4');
    await userEvent.click(within(plates()).getByRole('button', { name: 'Remove plate 2 (10 lbs)' }));
    await userEvent.click(within(plates()).getByRole('button', { name: 'Add plate size' }));
    await waitFor(() => expect(field('Plate 2 weight (lbs)')).toHaveFocus());
    await userEvent.keyboard('2,5');
    await retype('Plate 2 pairs', '2');
    await userEvent.click(within(plates()).getByRole('radio', { name: 'kg' }));
    await retype('Leg press sled (kg)', '50');
    await userEvent.click(within(plates()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Plates Saved')).toBeInTheDocument();
    const expected: PlateSettingsBody = {
      lbs: {
        bar: 45,
        sled: 100,
        plates: [
          { weight: 45, pairs: 4 },
          { weight: 2.5, pairs: 2 },
        ],
      },
      kg: { bar: 15, sled: 50, plates: [{ weight: 10, pairs: 3 }] },
    };
    expect(sentBody(api)).toEqual(expected);
    expect(queryClient.getQueryData(queryKeys.plateSettings)).toEqual(expected);
    expect(screen.queryByRole('dialog', { name: 'Plate Settings' })).not.toBeInTheDocument();
    expect(button('Plate Settings')).toHaveFocus();
  });

  it("shows the api's 400, keeps what was typed and puts focus on the field it names", async () => {
    const api = mockApi({
      [SETTINGS]: answer(200, own),
      [SAVE]: answer(400, { message: 'lbs.plates.0.weight: must be above 0' }),
    });
    const { queryClient } = renderPanel();
    await openPlates();

    await retype('Plate 1 weight (lbs)', '0');
    await retype('Bar weight (lbs)', '40');
    await userEvent.click(within(plates()).getByRole('button', { name: 'Save' }));

    const alert = await within(plates()).findByRole('alert');
    expect(alert).toHaveTextContent('Not saved');
    expect(alert).toHaveTextContent('Plate 1 weight (lbs): must be above 0');
    await waitFor(() => expect(field('Plate 1 weight (lbs)')).toHaveFocus());
    expect(field('Plate 1 weight (lbs)')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Plate 1 weight (lbs)')).toHaveAccessibleDescription(/Plate 1 weight \(lbs\): must be above 0/);
    expect(field('Plate 1 weight (lbs)')).toHaveValue('0');
    expect(field('Bar weight (lbs)')).toHaveValue('40');
    expect(queryClient.getQueryData(queryKeys.plateSettings)).toEqual(own);
    expect(api.callsTo(SAVE)).toHaveLength(1);

    // Typing again clears the message; the next save sends what is typed now.
    await retype('Plate 1 weight (lbs)', '25');
    expect(within(plates()).queryByRole('alert')).not.toBeInTheDocument();
    api.fetchMock.route({ [SAVE]: (init) => answer(200, JSON.parse(String(init?.body))) });
    await userEvent.click(within(plates()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Plate Settings' })).not.toBeInTheDocument());
    expect(sentBody(api).lbs).toEqual({ ...own.lbs, bar: 40, plates: [{ weight: 25, pairs: 2 }, own.lbs.plates[1]] });
  });

  it('shows the unit the 400 is about', async () => {
    mockApi({ [SETTINGS]: answer(200, own), [SAVE]: answer(400, { message: 'kg.bar: must be a number' }) });
    renderPanel();
    await openPlates();
    await userEvent.click(within(plates()).getByRole('radio', { name: 'kg' }));
    await retype('Bar weight (kg)', '');
    await userEvent.click(within(plates()).getByRole('radio', { name: 'lbs' }));
    await userEvent.click(within(plates()).getByRole('button', { name: 'Save' }));

    expect(await within(plates()).findByRole('alert')).toHaveTextContent('Bar weight (kg): must be a number');
    expect(within(plates()).getByRole('radio', { name: 'kg' })).toBeChecked();
    await waitFor(() => expect(field('Bar weight (kg)')).toHaveFocus());
    expect(field('Bar weight (kg)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so when there is no connection, keeping the edits', async () => {
    mockApi({
      [SETTINGS]: answer(200, own),
      [SAVE]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPanel();
    await openPlates();
    await retype('Bar weight (lbs)', '20');
    await userEvent.click(within(plates()).getByRole('button', { name: 'Save' }));

    expect(await within(plates()).findByRole('alert')).toHaveTextContent('No connection: your plates were not saved.');
    expect(field('Bar weight (lbs)')).toHaveValue('20');
  });

  it('fills in the defaults with Reset to defaults, saved with Save', async () => {
    const api = mockApi({ [SETTINGS]: answer(200, own), [SAVE]: answer(200, DEFAULT_PLATE_SETTINGS) });
    const { queryClient } = renderPanel();
    await openPlates();

    await userEvent.click(within(plates()).getByRole('button', { name: 'Reset to defaults' }));
    expect(field('Bar weight (lbs)')).toHaveValue('45');
    expect(field('Leg press sled (lbs)')).toHaveValue('0');
    expect(field('Plate 6 weight (lbs)')).toHaveValue('2.5');
    expect(plates()).toHaveTextContent('The default plates are filled in: Save to keep them.');
    expect(api.callsTo(SAVE)).toHaveLength(0);

    await userEvent.click(within(plates()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Plate Settings' })).not.toBeInTheDocument());
    expect(sentBody(api)).toEqual(DEFAULT_PLATE_SETTINGS);
    expect(queryClient.getQueryData(queryKeys.plateSettings)).toEqual(DEFAULT_PLATE_SETTINGS);
  });

  it('starts from the defaults when the saved plates do not load', async () => {
    mockApi({ [SETTINGS]: answer(500, { message: 'Database unavailable' }) });
    renderPanel();
    await openPlates();

    expect(plates()).toHaveTextContent('Your saved plates did not load: these are the defaults.');
    expect(field('Bar weight (lbs)')).toHaveValue('45');
    expect(field('Plate 1 weight (lbs)')).toHaveValue('45');
    expect(field('Plate 1 pairs')).toHaveValue('4');
  });

  it('works from the keyboard: remove moves focus to the next plate, add up to 12 sizes', async () => {
    mockApi({ [SETTINGS]: answer(200, own) });
    renderPanel();
    await openPlates();

    within(plates()).getByRole('button', { name: 'Remove plate 1 (45 lbs)' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(within(plates()).getByRole('button', { name: 'Remove plate 1 (10 lbs)' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(plates()).getByRole('button', { name: 'Add plate size' })).toHaveFocus());
    expect(plates()).toHaveTextContent('No plates: only the bar or the sled.');

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(field('Plate 1 weight (lbs)')).toHaveFocus());
    await userEvent.keyboard('25{Tab}3');
    expect(field('Plate 1 weight (lbs)')).toHaveValue('25');
    expect(field('Plate 1 pairs')).toHaveValue('3');

    // The 12th plate size is the last the api accepts.
    const add = within(plates()).getByRole('button', { name: 'Add plate size' });
    for (let size = 2; size <= 12; size += 1) await userEvent.click(add);
    expect(within(plates()).getAllByRole('textbox', { name: /^Plate \d+ weight/ })).toHaveLength(12);
    expect(add).toBeDisabled();
  });
});

describe('the rest-over alert (issue #22)', () => {
  const alertSwitch = () => within(panel()).queryByRole('switch', { name: REST_ALERT_OFFER });
  const pushRoutes = {
    'GET /api/push/key': answer(200, { publicKey: PUBLIC_KEY }),
    'PUT /api/push/subscription': answer(204),
    [`DELETE /api/push/subscription/${deviceId()}`]: answer(204),
  };

  beforeEach(() => localStorage.clear());
  afterEach(() => restorePushBrowser());

  it('offers the switch, off, and turns the alert on from a tap: the permission question only then', async () => {
    const browser = installPushBrowser();
    const { fetchMock, callsTo } = mockApi(pushRoutes);
    renderPanel();
    await waitFor(() => expect(alertSwitch()).toHaveAttribute('aria-checked', 'false'));
    expect(browser.asked()).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(alertSwitch()!);

    await waitFor(() => expect(alertSwitch()).toHaveAttribute('aria-checked', 'true'));
    expect(browser.asked()).toBe(true);
    expect(JSON.parse(String(callsTo('PUT /api/push/subscription')[0][1]?.body))).toEqual({
      deviceId: deviceId(),
      subscription: SUBSCRIPTION_JSON,
    });
    expect(restAlertChoice()).toBe('on');
  });

  it('shows the choice of this device, and turns it off: the api forgets the device, the browser drops it', async () => {
    const browser = installPushBrowser({ permission: 'granted', existingKey: PUBLIC_KEY });
    const subscription = browser.subscription()!;
    setRestAlertChoice('on');
    const { callsTo } = mockApi(pushRoutes);
    renderPanel();
    await waitFor(() => expect(alertSwitch()).toHaveAttribute('aria-checked', 'true'));

    await userEvent.click(alertSwitch()!);

    await waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalled());
    expect(alertSwitch()).toHaveAttribute('aria-checked', 'false');
    expect(callsTo(`DELETE /api/push/subscription/${deviceId()}`)).toHaveLength(1);
    expect(restAlertChoice()).toBe('off');
  });

  it('turns it back on for a device that chose off', async () => {
    installPushBrowser({ permission: 'granted' });
    setRestAlertChoice('off');
    mockApi(pushRoutes);
    renderPanel();
    await waitFor(() => expect(alertSwitch()).toHaveAttribute('aria-checked', 'false'));

    await userEvent.click(alertSwitch()!);

    await waitFor(() => expect(alertSwitch()).toHaveAttribute('aria-checked', 'true'));
    expect(restAlertChoice()).toBe('on');
  });

  it.each<[string, keyof typeof REST_ALERT_UNAVAILABLE, () => void]>([
    ['a browser without Web Push', 'unsupported', () => undefined],
    ['notifications blocked for the site', 'denied', () => void installPushBrowser({ permission: 'denied' })],
  ])('says why on %s, with no switch', async (_name, reason, device) => {
    device();
    mockApi({});
    renderPanel();
    expect(await within(panel()).findByText(REST_ALERT_UNAVAILABLE[reason])).toBeInTheDocument();
    expect(alertSwitch()).not.toBeInTheDocument();
  });

  it('loads and asks nothing while closed', async () => {
    const browser = installPushBrowser();
    const { fetchMock } = mockApi({});
    renderPanel({ open: false });
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(browser.asked()).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
