import { render, screen } from '@testing-library/react';
import { createQueryClient, queryKeys } from '@hit/platform';
import { AppProviders } from '@hit/ui';
import WorkoutDashboard from './WorkoutDashboard';

describe('WorkoutDashboard (placeholder)', () => {
  it('greets the user the shell already loaded and links to Progress Analytics', () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(queryKeys.user, { id: 'u1', email: 'lifter@gym.test' });
    global.fetch = jest.fn();

    render(
      <AppProviders queryClient={queryClient}>
        <WorkoutDashboard />
      </AppProviders>,
    );

    expect(screen.getByRole('region', { name: 'Workout dashboard' })).toHaveTextContent('Signed in as lifter@gym.test');
    expect(screen.getByRole('link', { name: 'Progress Analytics' })).toHaveAttribute('href', '/progress');
    expect(global.fetch).not.toHaveBeenCalled();
  });
});
