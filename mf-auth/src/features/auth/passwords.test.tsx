import { act, screen, waitFor, within } from '@testing-library/react';
import { dismissToast, queryKeys } from '@hit/platform';
import { answer, mockApi, mockSlowFetch, sentBody } from '@hit/platform/test/apiMock';
import { renderAuthPage } from '../../../test/renderAuthPage';
import { RESET_NEEDS_NETWORK_TEXT as FORGOT_NEEDS_NETWORK_TEXT } from './components/ForgotPasswordForm';
import { LINK_INCOMPLETE_TEXT, RESET_NEEDS_NETWORK_TEXT } from './components/ResetPasswordForm';

const ada = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', weightUnit: 'lbs' as const };
const NEUTRAL =
  'If an account exists for that e-mail, a link to reset its password is on its way. The link works for one hour.';
const TOKEN = 'Zk3x9_Qm2-abcdefghijklmnopqrstuvwxyz0123456';
const FORGOT = 'POST /api/password/forgot';
const RESET = 'POST /api/password/reset';

const forgotForm = () => screen.getByRole('region', { name: 'Reset your password' });
const resetForm = () => screen.getByRole('region', { name: 'Choose a new password' });
const failedFetch = () => {
  throw new TypeError('Failed to fetch');
};

afterEach(() => act(() => dismissToast()));

describe("'Forgot password?'", () => {
  it('is offered on the sign-in form and opens the reset request form in place, keeping the e-mail typed', async () => {
    mockApi({});
    const { user } = renderAuthPage();
    await user.type(screen.getByLabelText('Email'), ada.email);

    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));

    expect(forgotForm()).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toHaveFocus();
    expect(screen.getByTestId('address')).toHaveTextContent('/auth?mode=forgot');
    expect(screen.getByLabelText('Email')).toHaveValue(ada.email);

    await user.click(screen.getByRole('link', { name: 'Remembered it? Sign in' }));
    expect(screen.getByRole('region', { name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(ada.email);
  });

  it('sends the e-mail and shows the neutral sentence in place of the form', async () => {
    const api = mockApi({ [FORGOT]: answer(200, { message: NEUTRAL }) });
    const { user } = renderAuthPage('/auth?mode=forgot');
    await user.type(screen.getByLabelText('Email'), `  ${ada.email} `);
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    const status = await within(forgotForm()).findByRole('status');
    expect(status).toHaveTextContent('Check your e-mail');
    expect(status).toHaveTextContent(NEUTRAL);
    expect(sentBody(api)).toEqual({ email: ada.email });
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();

    // Another link: the form again, with the e-mail still there.
    await user.click(screen.getByRole('button', { name: 'send the link again' }));
    expect(screen.getByLabelText('Email')).toHaveValue(ada.email);
  });

  it('checks the e-mail first and sends nothing while it is missing or malformed', async () => {
    const api = mockApi({});
    const { user } = renderAuthPage('/auth?mode=forgot');
    // Empty: the browser's own check (required) stops it.
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'Enter a valid email address, like name@example.com',
    );
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(api).not.toHaveBeenCalled();
  });

  it("reads 'Sending...' while the answer is awaited", async () => {
    const { respond } = mockSlowFetch();
    const { user } = renderAuthPage('/auth?mode=forgot');
    await user.type(screen.getByLabelText('Email'), ada.email);
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await act(async () => respond(answer(200, { message: NEUTRAL })));
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument();
  });

  it.each([
    [
      'too many requests',
      answer(429, { message: 'Too many password reset requests. Please wait an hour and try again.' }),
      'Too many password reset requests. Please wait an hour and try again.',
    ],
    ['no connection', failedFetch, FORGOT_NEEDS_NETWORK_TEXT],
  ])('says why when the request fails (%s), keeping the e-mail', async (_name, reply, text) => {
    mockApi({ [FORGOT]: reply });
    const { user } = renderAuthPage('/auth?mode=forgot');
    await user.type(screen.getByLabelText('Email'), ada.email);
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await within(forgotForm()).findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByLabelText('Email')).toHaveValue(ada.email);
  });
});

describe('the reset page (/reset-password?token=…)', () => {
  const newPassword = () => screen.getByLabelText('New password');
  const confirmPassword = () => screen.getByLabelText('Confirm new password');
  const submit = () => screen.getByRole('button', { name: 'Set New Password' });

  it('sets the new password with the token, then the signed-in user lands on /home with a toast', async () => {
    const api = mockApi({ [RESET]: answer(200, ada) });
    const { user, queryClient } = renderAuthPage(`/reset-password?token=${TOKEN}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(newPassword()).toHaveAccessibleDescription('Password must be at least 8 characters long');
    expect(newPassword()).toHaveAttribute('autocomplete', 'new-password');

    await user.type(newPassword(), 'liftheavier');
    await user.type(confirmPassword(), 'liftheavier');
    await user.click(submit());

    expect(await screen.findByRole('heading', { name: 'Workout dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/home$/);
    expect(sentBody(api)).toEqual({ token: TOKEN, password: 'liftheavier' });
    expect(queryClient.getQueryData(queryKeys.user)).toEqual(ada);
    expect(await screen.findByText('Password changed!')).toBeInTheDocument();
  });

  it('checks the new password and its confirmation first, sending nothing', async () => {
    const api = mockApi({});
    const { user } = renderAuthPage(`/reset-password?token=${TOKEN}`);
    await user.type(newPassword(), 'short');
    await user.type(confirmPassword(), 'short');
    await user.click(submit());
    expect(newPassword()).toHaveAttribute('aria-invalid', 'true');
    expect(newPassword()).toHaveAccessibleDescription('Password must be at least 8 characters long');
    expect(newPassword()).toHaveFocus();

    await user.type(newPassword(), 'er one');
    await user.type(confirmPassword(), 'shorter on');
    expect(confirmPassword()).toHaveAccessibleDescription("Passwords don't match");
    await user.click(submit());
    expect(within(resetForm()).getByRole('alert')).toHaveTextContent("Passwords don't match. Please try again.");
    expect(api).not.toHaveBeenCalled();
  });

  it('refuses a common password before sending, saying why (issue #23)', async () => {
    const api = mockApi({});
    const { user } = renderAuthPage(`/reset-password?token=${TOKEN}`);
    await user.type(newPassword(), 'qwertyuiop');
    await user.type(confirmPassword(), 'qwertyuiop');
    await user.click(submit());

    await waitFor(() =>
      expect(newPassword()).toHaveAccessibleDescription(
        'Password is one of the most common passwords, so it is easy to guess',
      ),
    );
    expect(newPassword()).toHaveFocus();
    expect(api).not.toHaveBeenCalled();
  });

  it("shows the api's refusal of a password holding the account's e-mail under the field, until it is edited", async () => {
    const api = mockApi({
      [RESET]: answer(400, { message: 'password: must not contain your email address or the name before its @' }),
    });
    const { user } = renderAuthPage(`/reset-password?token=${TOKEN}`);
    await user.type(newPassword(), 'ada lifts heavy');
    await user.type(confirmPassword(), 'ada lifts heavy');
    await user.click(submit());

    await waitFor(() =>
      expect(newPassword()).toHaveAccessibleDescription(
        'Password must not contain your email address or the name before its @',
      ),
    );
    expect(newPassword()).toHaveFocus();
    expect(within(resetForm()).queryByRole('link', { name: 'Ask for a new link' })).not.toBeInTheDocument();
    expect(sentBody(api)).toEqual({ token: TOKEN, password: 'ada lifts heavy' });

    await user.type(newPassword(), '!');
    expect(newPassword()).toHaveAccessibleDescription('Password must be at least 8 characters long');
  });

  it.each([
    'This password reset link was already used. Ask for a new one if you need it.',
    'This password reset link has expired: links work for one hour. Ask for a new one.',
    'This password reset link is not valid. Open the whole link from the e-mail, or ask for a new one.',
  ])('says the api refused the link (%s), offering a new one, and keeps what was typed', async (message) => {
    mockApi({ [RESET]: answer(400, { message }) });
    const { user, queryClient } = renderAuthPage(`/reset-password?token=${TOKEN}`);
    await user.type(newPassword(), 'liftheavier');
    await user.type(confirmPassword(), 'liftheavier');
    await user.click(submit());

    const alert = await within(resetForm()).findByRole('alert');
    expect(alert).toHaveTextContent('Password not changed');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/auth?mode=forgot',
    );
    expect(newPassword()).toHaveValue('liftheavier');
    expect(queryClient.getQueryData(queryKeys.user)).toBeUndefined();
    expect(screen.getByTestId('address')).toHaveTextContent('/reset-password');

    await user.click(within(alert).getByRole('link', { name: 'Ask for a new link' }));
    expect(forgotForm()).toBeInTheDocument();
  });

  it('says so when there is no connection, keeping what was typed', async () => {
    mockApi({ [RESET]: failedFetch });
    const { user } = renderAuthPage(`/reset-password?token=${TOKEN}`);
    await user.type(newPassword(), 'liftheavier');
    await user.type(confirmPassword(), 'liftheavier');
    await user.click(submit());

    expect(await within(resetForm()).findByRole('alert')).toHaveTextContent(RESET_NEEDS_NETWORK_TEXT);
    expect(confirmPassword()).toHaveValue('liftheavier');
  });

  it("reads 'Saving...' while the answer is awaited", async () => {
    const { respond } = mockSlowFetch();
    const { user } = renderAuthPage(`/reset-password?token=${TOKEN}`);
    await user.type(newPassword(), 'liftheavier');
    await user.type(confirmPassword(), 'liftheavier');
    await user.click(submit());

    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    await act(async () => respond(answer(200, ada)));
    await waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent(/^\/home$/));
  });

  it('explains a link without its token and offers a new one, with no form', async () => {
    const api = mockApi({});
    renderAuthPage('/reset-password');
    const alert = within(resetForm()).getByRole('alert');
    expect(alert).toHaveTextContent(LINK_INCOMPLETE_TEXT);
    expect(within(alert).getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/auth?mode=forgot',
    );
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Remembered it? Sign in' })).toHaveAttribute('href', '/auth');
    expect(api).not.toHaveBeenCalled();
  });
});
