import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { dismissToast } from '@hit/platform';
import { answer, mockFetch, mockSlowFetch, sentBody } from '@hit/platform/test/apiMock';
import { renderAuthPage } from '../../test/renderAuthPage';

const ada = { id: 'u1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', weightUnit: 'lbs' as const };

const signInForm = () => screen.getByRole('region', { name: 'Welcome back' });
const signUpForm = () => screen.getByRole('region', { name: 'Create your account' });
const passwordInput = () => screen.getByLabelText('Password');
const confirmInput = () => screen.getByLabelText('Confirm password');

interface SignUpEntries {
  firstName?: string;
  lastName?: string;
  email?: string;
  password?: string;
  /** The confirmation; the password again unless given. */
  confirm?: string;
}

async function fillSignUp(user: UserEvent, entries: SignUpEntries = {}) {
  const { firstName = '', lastName = '', email = ada.email, password = 'liftheavy' } = entries;
  const confirm = entries.confirm ?? password;
  if (firstName) await user.type(screen.getByLabelText(/First name/), firstName);
  if (lastName) await user.type(screen.getByLabelText(/Last name/), lastName);
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(passwordInput(), password);
  await user.type(confirmInput(), confirm);
}

async function fillSignIn(user: UserEvent, { email = ada.email, password = 'liftheavy' } = {}) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(passwordInput(), password);
}

afterEach(() => act(() => dismissToast()));

describe('choosing a form', () => {
  it('shows the sign-in form first', () => {
    mockFetch();
    renderAuthPage();

    expect(signInForm()).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Create your account' })).not.toBeInTheDocument();
  });

  it('opens the create-account form for /auth?mode=signup', () => {
    mockFetch();
    renderAuthPage('/auth?mode=signup');

    expect(signUpForm()).toHaveTextContent('Start your 30-day free trial — no credit card required');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('switches to the create-account form and back with the two links, keeping the e-mail typed', async () => {
    mockFetch();
    const { user } = renderAuthPage();
    await user.type(screen.getByLabelText('Email'), ada.email);

    await user.click(screen.getByRole('link', { name: "Don't have an account? Sign up" }));

    expect(signUpForm()).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toHaveFocus();
    expect(screen.getByTestId('address')).toHaveTextContent('/auth?mode=signup');
    expect(screen.getByLabelText('Email')).toHaveValue(ada.email);

    await user.click(screen.getByRole('link', { name: 'Already have an account? Sign in' }));

    expect(signInForm()).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toHaveFocus();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/auth$/);
    expect(screen.getByLabelText('Email')).toHaveValue(ada.email);
  });
});

describe('sign-in form', () => {
  it('asks for an e-mail and the current password, both required', () => {
    mockFetch();
    renderAuthPage();

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    expect(email).toBeRequired();
    expect(passwordInput()).toHaveAttribute('autocomplete', 'current-password');
    expect(passwordInput()).toBeRequired();
    expect(signInForm()).not.toHaveTextContent('Password must be at least 8 characters long');
  });

  it('shows and hides the password', async () => {
    mockFetch();
    const { user } = renderAuthPage();

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordInput()).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordInput()).toHaveAttribute('type', 'password');
  });

  it('sends nothing while a required field is empty', async () => {
    const fetchMock = mockFetch();
    const { user } = renderAuthPage();
    await user.type(screen.getByLabelText('Email'), ada.email);

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads "Signing in..." and is disabled while the request is pending', async () => {
    const { fetchMock, respond } = mockSlowFetch();
    const { user } = renderAuthPage();
    await fillSignIn(user);

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/login');
    expect(sentBody(fetchMock)).toEqual({ email: ada.email, password: 'liftheavy' });

    await act(async () => respond(answer(200, ada)));

    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('caches the signed-in user and welcomes them back', async () => {
    mockFetch(answer(200, ada));
    const { user, queryClient } = renderAuthPage();
    await fillSignIn(user);

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Welcome back!')).toBeInTheDocument();
    expect(screen.getByText(`You're now logged in as ${ada.email}`)).toBeInTheDocument();
    expect(queryClient.getQueryData(['/api/user'])).toEqual(ada);
  });

  it('explains wrong credentials (401) under the form and in a "Login failed" toast', async () => {
    mockFetch(answer(401, { message: 'Invalid email or password' }));
    const { user, queryClient } = renderAuthPage();
    await fillSignIn(user, { password: 'wrongpass' });

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const message = 'Invalid email or password. Please check your credentials and try again.';
    expect(await within(signInForm()).findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByText('Login failed')).toBeInTheDocument();
    expect(queryClient.getQueryData(['/api/user'])).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });
});

describe('create-account form', () => {
  it('asks for optional names, an e-mail and a new password twice, with the autofill hints', () => {
    mockFetch();
    renderAuthPage('/auth?mode=signup');

    expect(screen.getByLabelText(/First name/)).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText(/First name/)).not.toBeRequired();
    expect(screen.getByLabelText(/Last name/)).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByLabelText(/Last name/)).not.toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    for (const input of [passwordInput(), confirmInput()]) {
      expect(input).toHaveAttribute('autocomplete', 'new-password');
      expect(input).toHaveAttribute('minlength', '8');
      expect(input).toBeRequired();
    }
  });

  it('tells the password rule under the password field', () => {
    mockFetch();
    renderAuthPage('/auth?mode=signup');

    expect(passwordInput()).toHaveAccessibleDescription('Password must be at least 8 characters long');
  });

  it('toggles the visibility of the password and its confirmation independently', async () => {
    mockFetch();
    const { user } = renderAuthPage('/auth?mode=signup');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordInput()).toHaveAttribute('type', 'text');
    expect(confirmInput()).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(confirmInput()).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordInput()).toHaveAttribute('type', 'password');
    expect(confirmInput()).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Hide confirm password' }));
    expect(confirmInput()).toHaveAttribute('type', 'password');
  });

  it('says "Passwords don\'t match" while the confirmation differs', async () => {
    mockFetch();
    const { user } = renderAuthPage('/auth?mode=signup');
    await user.type(passwordInput(), 'liftheavy');
    expect(screen.queryByText("Passwords don't match")).not.toBeInTheDocument();

    await user.type(confirmInput(), 'lift');
    expect(confirmInput()).toHaveAccessibleDescription("Passwords don't match");
    expect(confirmInput()).toBeInvalid();

    await user.type(confirmInput(), 'heavy');
    expect(screen.queryByText("Passwords don't match")).not.toBeInTheDocument();

    await user.clear(confirmInput());
    expect(screen.queryByText("Passwords don't match")).not.toBeInTheDocument();
  });

  it('stops a submit with differing passwords with an alert and sends nothing', async () => {
    const fetchMock = mockFetch();
    const { user } = renderAuthPage('/auth?mode=signup');
    await fillSignUp(user, { password: 'liftheavy', confirm: 'liftlight' });

    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByRole('alert')).toHaveTextContent("Passwords don't match. Please try again.");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stops a password shorter than 8 characters with the rule as the error', async () => {
    const fetchMock = mockFetch();
    const { user } = renderAuthPage('/auth?mode=signup');
    await fillSignUp(user, { password: 'short12' });

    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(passwordInput()).toBeInvalid();
    expect(passwordInput()).toHaveFocus();
    expect(passwordInput()).toHaveAccessibleDescription('Password must be at least 8 characters long');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['password', 'Password is one of the most common passwords, so it is easy to guess'],
    ['12345678', 'Password is one of the most common passwords, so it is easy to guess'],
    ['        ', 'Password must not be only spaces'],
    [ada.email, 'Password must not contain your email address or the name before its @'],
  ])('stops the password %j with the reason as its error, sending nothing (issue #23)', async (password, reason) => {
    const fetchMock = mockFetch();
    const { user } = renderAuthPage('/auth?mode=signup');
    await fillSignUp(user, { password });

    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(passwordInput()).toHaveAccessibleDescription(reason));
    expect(passwordInput()).toBeInvalid();
    expect(passwordInput()).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stops a name with a text-direction override, saying why under it, sending nothing (issue #23)', async () => {
    const fetchMock = mockFetch();
    const { user } = renderAuthPage('/auth?mode=signup');
    await fillSignUp(user, { firstName: 'Ada', lastName: 'Love\u202Ecal' });

    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const lastName = screen.getByLabelText(/Last name/);
    await waitFor(() =>
      expect(lastName).toHaveAccessibleDescription('Last name must not contain control or text-direction characters'),
    );
    expect(lastName).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the names given but never the confirmation', async () => {
    const fetchMock = mockFetch(answer(201, ada));
    const { user } = renderAuthPage('/auth?mode=signup');
    await fillSignUp(user, { firstName: 'Ada', lastName: 'Lovelace' });

    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Account created!')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/register');
    expect(sentBody(fetchMock)).toEqual({
      email: ada.email,
      password: 'liftheavy',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(sentBody(fetchMock)).not.toHaveProperty('confirmPassword');
  });

  it('leaves out names that were not given', async () => {
    const fetchMock = mockFetch(answer(201, { ...ada, firstName: null, lastName: null }));
    const { user } = renderAuthPage('/auth?mode=signup');
    await fillSignUp(user);

    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Welcome to the workout tracker, ada!')).toBeInTheDocument();
    expect(sentBody(fetchMock)).toEqual({ email: ada.email, password: 'liftheavy' });
  });

  it('reads "Creating account..." and is disabled while the request is pending, then caches the new user', async () => {
    const { fetchMock, respond } = mockSlowFetch();
    const { user, queryClient } = renderAuthPage('/auth?mode=signup');
    await fillSignUp(user, { firstName: 'Ada', lastName: 'Lovelace' });

    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Creating account...' }));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => respond(answer(201, ada)));

    expect(await screen.findByText('Welcome to the workout tracker, Ada Lovelace!')).toBeInTheDocument();
    expect(queryClient.getQueryData(['/api/user'])).toEqual(ada);
  });

  it('explains an e-mail already registered (409) under the form and in a "Registration failed" toast', async () => {
    mockFetch(answer(409, { message: 'User already exists' }));
    const { user } = renderAuthPage('/auth?mode=signup');
    await fillSignUp(user);

    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await within(signUpForm()).findByRole('alert')).toHaveTextContent(
      'An account with this email already exists. Please try logging in instead.',
    );
    expect(screen.getByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });
});

describe('the build label (BUILD_LABEL at build time)', () => {
  const globals = globalThis as { __BUILD_LABEL__?: string; __REMOTE_VERSION__?: string };
  afterEach(() => {
    delete globals.__BUILD_LABEL__;
    delete globals.__REMOTE_VERSION__;
  });

  it('is shown on the page of a labelled build, such as a canary', () => {
    globals.__BUILD_LABEL__ = 'Canary 0.2.0';
    globals.__REMOTE_VERSION__ = '0.2.0';
    renderAuthPage();

    expect(screen.getByRole('note', { name: 'Build: Canary 0.2.0' })).toHaveAttribute('data-remote-version', '0.2.0');
    expect(signInForm()).toBeInTheDocument();
  });

  it('is not shown for a normal build', () => {
    renderAuthPage();

    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
