import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProgressAnalyticsProps } from '@hit/contracts';
import { createQueryClient } from '@hit/platform';
import { AppProviders } from '@hit/ui';
import ProgressAnalytics from './ProgressAnalytics';

function renderScreen(props: ProgressAnalyticsProps = {}) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <ProgressAnalytics {...props} />
    </AppProviders>,
  );
}

describe('ProgressAnalytics (placeholder)', () => {
  it('links Home to /home when no back handler is given', () => {
    renderScreen();

    expect(screen.getByRole('region', { name: 'Progress Analytics' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
  });

  it('shows a Back button that calls the back handler when one is given', async () => {
    const onBack = jest.fn();
    renderScreen({ onBack });

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));

    expect(onBack).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('link', { name: 'Home' })).not.toBeInTheDocument();
  });
});
