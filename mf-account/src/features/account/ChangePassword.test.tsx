import { useState } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import type { SubscriptionStatus } from '@hit/contracts';
import { createQueryClient, dismissToast, queryKeys } from '@hit/platform';
import { ThemeProvider, Toaster } from '@hit/ui';
import AccountPanel from '../../exposes/AccountPanel';
import { answer, mockApi, type ApiRoutes } from '@hit/platform/test/apiMock';
import {
  CHANGE_NEEDS_NETWORK,
  CONFIRM_MISSING,
  CURRENT_PASSWORD_INCORRECT,
  CURRENT_PASSWORD_MISSING,
  NEW_PASSWORD_HINT,
  PASSWORDS_DIFFER,
} from './logic/passwordChange';

const CHANGE = 'POST /api/user/password';
const lifter = { id: 'u1', email: 'lifter@gym.test', firstName: 'Ann', lastName: 'Lee', weightUnit: 'lbs' as const };
const trial: SubscriptionStatus = {
  hasActiveSubscription: false,
  subscriptionStatus: null,
  subscriptionPeriodEnd: null,
  trialExpired: false,
  trialEndsAt: '2030-03-13T12:00:00.000Z',
  canAccessFeatures: true,
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
  queryClient.setQueryData(queryKeys.subscriptionStatus, trial);
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <MemoryRouter initialEntries={['/home']}>
          <ShellHost />
          <Toaster />
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { api, user: userEvent.setup() };
}

const panel = () => screen.getByRole('dialog', { name: 'Account details' });
const dialog = () => screen.getByRole('dialog', { name: 'Change Password' });
const current = () => within(dialog()).getByLabelText('Current password');
const fresh = () => within(dialog()).getByLabelText('New password');
const confirm = () => within(dialog()).getByLabelText('Confirm new password');
const submit = () => within(dialog()).getByRole('button', { name: 'Change Password' });
const sentBodies = (api: ReturnType<typeof mockApi>) =>
  api.callsTo(CHANGE).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

async function openChange(user: ReturnType<typeof userEvent.setup>) {
  await user.click(within(panel()).getByRole('button', { name: 'Change Password' }));
  return dialog();
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  { currentPassword = 'old password', newPassword = 'liftheavier', confirmPassword = '' } = {},
) {
  await user.type(current(), currentPassword);
  await user.type(fresh(), newPassword);
  await user.type(confirm(), confirmPassword || newPassword);
}

afterEach(() => act(() => dismissToast()));

describe('Change Password', () => {
  it('opens from the account panel with three labelled password fields, the current one focused', async () => {
    const { api, user } = renderPanel({});
    const opened = await openChange(user);
    expect(opened).toHaveAccessibleDescription('You stay signed in here; every other device is signed out.');
    await waitFor(() => expect(current()).toHaveFocus());
    expect(current()).toHaveAttribute('type', 'password');
    expect(current()).toHaveAttribute('autocomplete', 'current-password');
    expect(fresh()).toHaveAttribute('autocomplete', 'new-password');
    expect(fresh()).toHaveAccessibleDescription(NEW_PASSWORD_HINT);
    expect(confirm()).toHaveAttribute('autocomplete', 'new-password');

    await user.click(within(opened).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Change Password' })).not.toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it('sends the current and the new password, says so in a toast and goes back to the panel', async () => {
    const { api, user } = renderPanel({
      [CHANGE]: answer(200, { message: 'Password changed. You are signed out on every other device.' }),
    });
    await openChange(user);
    await fill(user);
    await user.click(submit());

    expect(await screen.findByText('Password Changed')).toBeInTheDocument();
    expect(screen.getByText('You are signed out on every other device.')).toBeInTheDocument();
    expect(sentBodies(api)).toEqual([{ currentPassword: 'old password', newPassword: 'liftheavier' }]);
    expect(screen.queryByRole('dialog', { name: 'Change Password' })).not.toBeInTheDocument();
    expect(within(panel()).getByRole('button', { name: 'Change Password' })).toHaveFocus();
  });

  it('checks the fields itself first: nothing is sent, the first problem takes focus', async () => {
    const { api, user } = renderPanel({});
    await openChange(user);
    await user.click(submit());

    expect(current()).toHaveAccessibleDescription(CURRENT_PASSWORD_MISSING);
    expect(fresh()).toHaveAccessibleDescription(NEW_PASSWORD_HINT);
    expect(fresh()).toHaveAttribute('aria-invalid', 'true');
    expect(confirm()).toHaveAccessibleDescription(CONFIRM_MISSING);
    await waitFor(() => expect(current()).toHaveFocus());

    await user.type(current(), 'old password');
    await user.type(fresh(), 'short');
    await user.type(confirm(), 'short');
    await user.click(submit());
    await waitFor(() => expect(fresh()).toHaveFocus());
    expect(fresh()).toHaveAttribute('aria-invalid', 'true');
    expect(api).not.toHaveBeenCalled();
  });

  it.each([
    ['password', 'Password is one of the most common passwords, so it is easy to guess'],
    ['12345678', 'Password is one of the most common passwords, so it is easy to guess'],
    ['        ', 'Password must not be only spaces'],
    [lifter.email, 'Password must not contain your email address or the name before its @'],
    ['Lifter at the gym', 'Password must not contain your email address or the name before its @'],
  ])('refuses the new password %j, saying why under it, and sends nothing (issue #23)', async (newPassword, reason) => {
    const { api, user } = renderPanel({});
    await openChange(user);
    await fill(user, { newPassword });
    await user.click(submit());

    await waitFor(() => expect(fresh()).toHaveAccessibleDescription(reason));
    expect(fresh()).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(fresh()).toHaveFocus());
    expect(api).not.toHaveBeenCalled();
  });

  it("shows the api's reason for refusing the new password under it", async () => {
    const { user } = renderPanel({
      [CHANGE]: answer(400, { message: 'newPassword: is one of the most common passwords, so it is easy to guess' }),
    });
    await openChange(user);
    await fill(user);
    await user.click(submit());

    await waitFor(() =>
      expect(fresh()).toHaveAccessibleDescription(
        'Password is one of the most common passwords, so it is easy to guess',
      ),
    );
  });

  it('flags a confirmation that differs while typing, and sends nothing while it does', async () => {
    const { api, user } = renderPanel({});
    await openChange(user);
    await fill(user, { confirmPassword: 'liftheav' });
    expect(confirm()).toHaveAccessibleDescription(PASSWORDS_DIFFER);
    await user.click(submit());
    await waitFor(() => expect(confirm()).toHaveFocus());
    expect(api).not.toHaveBeenCalled();

    await user.type(confirm(), 'ier');
    expect(confirm()).not.toHaveAttribute('aria-invalid');
  });

  it('shows a wrong current password on its field, keeps everything typed and focuses it', async () => {
    const { api, user } = renderPanel({ [CHANGE]: answer(401, { message: CURRENT_PASSWORD_INCORRECT }) });
    await openChange(user);
    await fill(user);
    await user.click(submit());

    await waitFor(() => expect(current()).toHaveAccessibleDescription(CURRENT_PASSWORD_INCORRECT));
    await waitFor(() => expect(current()).toHaveFocus());
    expect(current()).toHaveValue('old password');
    expect(fresh()).toHaveValue('liftheavier');
    expect(confirm()).toHaveValue('liftheavier');
    expect(dialog()).toBeInTheDocument();
    expect(sentBodies(api)).toHaveLength(1);

    // Typing again clears the message; the next try goes out.
    await user.clear(current());
    expect(current()).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    [
      'too many tries',
      answer(429, { message: 'Too many wrong passwords. Please wait 15 minutes and try again.' }),
      'Too many wrong passwords. Please wait 15 minutes and try again.',
    ],
    ['a signed-out session', answer(401, { message: 'Not authenticated' }), 'Not authenticated'],
    [
      'the database down',
      answer(503, { message: 'Service temporarily unavailable: database is down' }),
      'Service temporarily unavailable: database is down',
    ],
  ])('shows %s above the buttons, keeping what was typed', async (_name, reply, text) => {
    const { user } = renderPanel({ [CHANGE]: reply });
    await openChange(user);
    await fill(user);
    await user.click(submit());

    const alert = await within(dialog()).findByRole('alert');
    expect(alert).toHaveTextContent('Password not changed');
    expect(alert).toHaveTextContent(text);
    expect(current()).toHaveValue('old password');
    expect(fresh()).toHaveValue('liftheavier');
  });

  it('says so when there is no connection, keeping what was typed', async () => {
    const { user } = renderPanel({
      [CHANGE]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await openChange(user);
    await fill(user);
    await user.click(submit());

    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(CHANGE_NEEDS_NETWORK);
    expect(confirm()).toHaveValue('liftheavier');
  });

  it("reads 'Changing...' and refuses a second submit while the answer is awaited", async () => {
    let respond: (response: Response) => void = () => undefined;
    const { api, user } = renderPanel({ [CHANGE]: () => new Promise<Response>((resolve) => (respond = resolve)) });
    await openChange(user);
    await fill(user);
    await user.click(submit());

    const pending = within(dialog()).getByRole('button', { name: 'Changing...' });
    expect(pending).toBeDisabled();
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(api.callsTo(CHANGE)).toHaveLength(1);
    await act(async () => respond(answer(200, { message: 'ok' })));
    expect(await screen.findByText('Password Changed')).toBeInTheDocument();
  });
});
