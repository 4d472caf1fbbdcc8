import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '@hit/platform';
import { AppProviders } from '@hit/ui';
import AccountPanel from './AccountPanel';

function renderPanel(open: boolean, onOpenChange = jest.fn()) {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <AccountPanel open={open} onOpenChange={onOpenChange} />
    </AppProviders>,
  );
  return onOpenChange;
}

describe('AccountPanel (placeholder)', () => {
  it('shows nothing while closed', () => {
    renderPanel(false);

    expect(screen.queryByRole('region', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('asks to close when Close is pressed', async () => {
    const onOpenChange = renderPanel(true);

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));

    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
