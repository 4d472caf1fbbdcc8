import { act, screen, within } from '@testing-library/react';
import { apiRequest, dismissToast } from '@hit/platform';
import { answer, mockApi } from '@hit/platform/test/apiMock';
import { renderAuthPage } from '../../../test/renderAuthPage';

const NETWORK_NEEDED = "You need a network connection to sign in, and HIT Tracker can't reach its server right now.";
const noNetwork = () => {
  throw new TypeError('Failed to fetch');
};

beforeEach(async () => {
  // The network status is one store for the page: each test starts with the api answering.
  mockApi({ 'GET /api/health': answer(200, {}) });
  await apiRequest('GET', '/api/health');
});
afterEach(() => act(() => dismissToast()));

describe('the auth page with no network', () => {
  it('says in one sentence that signing in needs the network, keeping what was typed', async () => {
    mockApi({ 'POST /api/login': noNetwork });
    const { user, queryClient } = renderAuthPage();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'liftheavy');

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const form = screen.getByRole('region', { name: 'Welcome back' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(NETWORK_NEEDED);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('liftheavy');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(queryClient.getQueryData(['/api/user'])).toBeUndefined();
  });

  it('says the same when creating an account, keeping what was typed', async () => {
    mockApi({ 'POST /api/register': noNetwork });
    const { user } = renderAuthPage('/auth?mode=signup');
    await user.type(screen.getByLabelText(/First name/), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'liftheavy');
    await user.type(screen.getByLabelText('Confirm password'), 'liftheavy');

    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const form = screen.getByRole('region', { name: 'Create your account' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(NETWORK_NEEDED);
    expect(screen.getByLabelText(/First name/)).toHaveValue('Ada');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  });

  it('says it up front when the app already knows the api is out of reach, and stops once it answers', async () => {
    const api = mockApi({ 'GET /api/user': noNetwork });
    await apiRequest('GET', '/api/user').catch(() => undefined);
    renderAuthPage();

    const form = screen.getByRole('region', { name: 'Welcome back' });
    expect(within(form).getByRole('status')).toHaveTextContent(NETWORK_NEEDED);
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();

    api.route({ 'GET /api/user': answer(401, { message: 'Not authenticated' }) });
    await act(() => apiRequest('GET', '/api/user').catch(() => undefined));

    expect(within(form).queryByText(NETWORK_NEEDED)).not.toBeInTheDocument();
  });
});
