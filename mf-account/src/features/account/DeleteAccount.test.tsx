import '@hit/platform/test/fakeIndexedDb';
import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { SubscriptionStatus } from '@hit/contracts';
import {
  ACCOUNT_DELETED_TEXT,
  createQueryClient,
  dismissToast,
  indexedDbOutboxStorage,
  emptyOutbox,
  queryKeys,
  stopOutboxes,
} from '@hit/platform';
import { ThemeProvider, Toaster } from '@hit/ui';
import AccountPanel from '../../exposes/AccountPanel';
import { answer, mockApi, type ApiRoutes } from '@hit/platform/test/apiMock';
import { DELETE_NEEDS_NETWORK, DELETED_ITEMS, PASSWORD_REQUIRED, SESSION_ENDED, WRONG_PASSWORD } from './DeleteAccount';

const lifter = { id: 'u1', email: 'lifter@gym.test', firstName: 'Ann', lastName: 'Lee', weightUnit: 'lbs' as const };
const expiredTrial: SubscriptionStatus = {
  hasActiveSubscription: false,
  subscriptionStatus: null,
  subscriptionPeriodEnd: null,
  trialExpired: true,
  trialEndsAt: '2026-02-01T12:00:00.000Z',
  canAccessFeatures: false,
};

/** Like the shell: the panel is unmounted as soon as it closes. */
function ShellHost() {
  const [open, setOpen] = useState(true);
  return open ? <AccountPanel open onOpenChange={setOpen} /> : null;
}

function renderPanel(routes: ApiRoutes) {
  const api = mockApi(routes);
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user, lifter);
  queryClient.setQueryData(queryKeys.subscriptionStatus, expiredTrial);
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <MemoryRouter initialEntries={['/home']}>
          <Routes>
            <Route path="/" element={<h1>Landing page</h1>} />
            <Route path="/home" element={<h1>Home</h1>} />
          </Routes>
          <ShellHost />
          <Toaster />
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { api, queryClient, user: userEvent.setup() };
}

const panel = () => screen.getByRole('dialog', { name: 'Account details' });
const dialog = () => screen.getByRole('dialog', { name: 'Delete your account?' });
const passwordField = () => within(dialog()).getByLabelText('Password');
const deleteButton = () => within(dialog()).getByRole('button', { name: 'Delete my account' });

async function openDeletion(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(panel()).getByRole('button', { name: 'Delete Account' }));
  return dialog();
}

afterEach(() => {
  act(() => dismissToast());
  stopOutboxes();
});

describe('Delete Account', () => {
  it('names what is deleted and asks for the password; keeping the account sends nothing', async () => {
    const { api, user } = renderPanel({});
    const opened = await openDeletion(user);
    for (const item of DELETED_ITEMS) expect(opened).toHaveTextContent(item);
    expect(opened).toHaveTextContent('An active subscription is cancelled at once');
    expect(passwordField()).toHaveAttribute('autocomplete', 'current-password');

    await user.click(deleteButton());
    expect(within(dialog()).getByText(PASSWORD_REQUIRED)).toBeInTheDocument();
    expect(passwordField()).toHaveFocus();

    await user.click(within(dialog()).getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('dialog', { name: 'Delete your account?' })).not.toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it("shows a wrong password on the field and keeps what was typed; then deletes, clears this browser's copy and lands on / with a toast", async () => {
    const outboxes = indexedDbOutboxStorage();
    await outboxes.update('u1', () => ({
      ...emptyOutbox(),
      operations: [{ opId: 'op-1', type: 'resetDay', at: '2026-03-01T10:00:00.000Z', dayId: 1 }],
    }));
    const { api, queryClient, user } = renderPanel({
      'DELETE /api/user': [answer(401, { message: 'Incorrect password' }), answer(200, { message: 'Deleted' })],
    });
    await openDeletion(user);

    await user.type(passwordField(), 'not it');
    await user.click(deleteButton());
    expect(await within(dialog()).findByText(WRONG_PASSWORD)).toBeInTheDocument();
    expect(passwordField()).toHaveValue('not it');
    expect(passwordField()).toHaveAttribute('aria-invalid', 'true');
    expect(passwordField()).toHaveFocus();

    await user.clear(passwordField());
    await user.type(passwordField(), 'correct horse');
    await user.click(deleteButton());

    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(ACCOUNT_DELETED_TEXT);
    const calls = api.callsTo('DELETE /api/user');
    expect(calls.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { password: 'not it' },
      { password: 'correct horse' },
    ]);
    expect(queryClient.getQueryData(queryKeys.user)).toBeNull();
    await waitFor(async () => expect((await outboxes.read('u1')).operations).toEqual([]));
  });

  it.each<[string, () => Response | Promise<Response>, string]>([
    [
      'too many wrong passwords (429)',
      () => answer(429, { message: 'Too many wrong passwords. Please wait 15 minutes and try again.' }),
      'Too many wrong passwords. Please wait 15 minutes and try again.',
    ],
    [
      'the subscription could not be cancelled (502)',
      () => answer(502, { message: 'Your subscription could not be cancelled with the payment provider' }),
      'Your subscription could not be cancelled with the payment provider',
    ],
    ['the session has ended (401)', () => answer(401, { message: 'Not authenticated' }), SESSION_ENDED],
    [
      'no connection',
      () => {
        throw new TypeError('Failed to fetch');
      },
      DELETE_NEEDS_NETWORK,
    ],
  ])('says so above the buttons when %s, keeping the password', async (_case, reply, text) => {
    const { user } = renderPanel({ 'DELETE /api/user': reply });
    await openDeletion(user);
    await user.type(passwordField(), 'correct horse');
    await user.click(deleteButton());

    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent('Your account was not deleted');
    expect(alert).toHaveTextContent(text);
    expect(passwordField()).toHaveValue('correct horse');
    expect(screen.getByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });

  it('is offered to an expired trial, as is the export', () => {
    renderPanel({});
    expect(within(panel()).getByRole('button', { name: 'Delete Account' })).toBeEnabled();
    expect(within(panel()).getByRole('button', { name: 'Download CSV' })).toBeEnabled();
    expect(within(panel()).getByRole('button', { name: 'Download JSON' })).toBeEnabled();
  });
});
