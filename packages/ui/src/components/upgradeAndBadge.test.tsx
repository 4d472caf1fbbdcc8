import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Badge } from './Badge';
import { UpgradePrompt } from './UpgradePrompt';

describe('UpgradePrompt', () => {
  const texts = { title: 'Free Trial Expired', description: 'Your trial has ended.' };

  it('shows its title, description and the premium benefits', () => {
    renderWithTheme(<UpgradePrompt {...texts} onUpgrade={jest.fn()} />);

    expect(screen.getByRole('heading', { name: 'Free Trial Expired' })).toBeInTheDocument();
    expect(screen.getByText('Your trial has ended.')).toBeInTheDocument();
    const benefits = within(screen.getByRole('list', { name: 'Premium includes' })).getAllByRole('listitem');
    expect(benefits.map((item) => item.textContent)).toEqual([
      'Unlimited workout tracking',
      'Advanced progress analytics',
      'Weight progression insights',
    ]);
  });

  it('starts the upgrade with Upgrade to Premium', async () => {
    const onUpgrade = jest.fn();
    renderWithTheme(<UpgradePrompt {...texts} onUpgrade={onUpgrade} />);

    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Premium' }));

    expect(onUpgrade).toHaveBeenCalledTimes(1);
  });

  it('offers Back to Home only with a back handler', async () => {
    const onBack = jest.fn();
    const { unmount } = renderWithTheme(<UpgradePrompt {...texts} onUpgrade={jest.fn()} />);
    expect(screen.queryByRole('button', { name: 'Back to Home' })).not.toBeInTheDocument();
    unmount();

    renderWithTheme(<UpgradePrompt {...texts} onUpgrade={jest.fn()} onBack={onBack} />);
    await userEvent.click(screen.getByRole('button', { name: 'Back to Home' }));

    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('waits while the checkout is being created', () => {
    renderWithTheme(<UpgradePrompt {...texts} onUpgrade={jest.fn()} isPending />);

    expect(screen.getByRole('button', { name: 'Upgrade to Premium' })).toBeDisabled();
  });

  it('gives its heading the id a dialog is named by', () => {
    renderWithTheme(<UpgradePrompt {...texts} onUpgrade={jest.fn()} titleId="trial-title" />);

    expect(screen.getByRole('heading', { name: 'Free Trial Expired' })).toHaveAttribute('id', 'trial-title');
  });
});

describe('Badge', () => {
  it('is plain text with its props passed on', () => {
    renderWithTheme(
      <Badge variant="accent" aria-label="Next recommended day">
        Next
      </Badge>,
    );

    const badge = screen.getByLabelText('Next recommended day');
    expect(badge).toHaveTextContent('Next');
    expect(badge.tagName).toBe('SPAN');
    expect(badge).not.toHaveAttribute('variant');
  });
});
