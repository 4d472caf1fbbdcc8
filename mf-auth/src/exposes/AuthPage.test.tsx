import { render, screen } from '@testing-library/react';
import { createQueryClient } from '@hit/platform';
import { AppProviders } from '@hit/ui';
import AuthPage from './AuthPage';

describe('AuthPage (placeholder)', () => {
  it('shows the sign-in card with a way back to the start page', () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <AuthPage />
      </AppProviders>,
    );

    expect(screen.getByRole('region', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the start page' })).toHaveAttribute('href', '/');
  });
});
