import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient, queryKeys } from '@hit/platform';
import { AppProviders } from '@hit/ui';
import WorkoutDashboard from './WorkoutDashboard';

const lifter = { id: 'u1', email: 'lifter@gym.test', firstName: null, lastName: null };

function renderDashboard() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user, lifter);
  render(
    <AppProviders queryClient={queryClient}>
      <WorkoutDashboard />
    </AppProviders>,
  );
  return queryClient;
}

describe('WorkoutDashboard (placeholder)', () => {
  beforeEach(() => window.history.replaceState(null, '', '/home'));

  it('greets the user the shell already loaded and links to Progress Analytics', () => {
    global.fetch = jest.fn();

    renderDashboard();

    expect(screen.getByRole('region', { name: 'Workout dashboard' })).toHaveTextContent('Signed in as lifter@gym.test');
    expect(screen.getByRole('link', { name: 'Progress Analytics' })).toHaveAttribute('href', '/progress');
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('signs out: logs out on the server, forgets the user and goes to /auth', async () => {
    const fetchMock = jest.fn().mockResolvedValue({
      ok: true,
      status: 200,
      statusText: 'OK',
      text: async () => JSON.stringify({ message: 'Logged out' }),
    });
    global.fetch = fetchMock;
    const queryClient = renderDashboard();

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(window.location.pathname).toBe('/auth'));
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST' }));
    expect(queryClient.getQueryData(queryKeys.user)).toBeNull();
  });
});
