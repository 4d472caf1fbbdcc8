import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Button, ButtonLink } from './Button';
import { Card } from './Card';
import { Spinner } from './Spinner';

describe('Button', () => {
  it('is a real button that reacts to a click', async () => {
    const onClick = jest.fn();
    renderWithTheme(<Button onClick={onClick}>Start</Button>);

    await userEvent.click(screen.getByRole('button', { name: 'Start' }));

    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Start' })).toHaveAttribute('type', 'button');
  });

  it('ignores clicks while disabled', async () => {
    const onClick = jest.fn();
    renderWithTheme(
      <Button variant="danger" disabled onClick={onClick}>
        Reset Progress
      </Button>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Reset Progress' }));

    expect(screen.getByRole('button', { name: 'Reset Progress' })).toBeDisabled();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('keeps its styling props off the DOM', () => {
    renderWithTheme(
      <Button variant="ghost" size="sm" fullWidth>
        Skip
      </Button>,
    );

    const button = screen.getByRole('button', { name: 'Skip' });
    expect(button).not.toHaveAttribute('variant');
    expect(button).not.toHaveAttribute('size');
  });
});

describe('ButtonLink', () => {
  it('is a link to another screen', () => {
    renderWithTheme(<ButtonLink to="/auth">Start Your Free Trial</ButtonLink>);

    expect(screen.getByRole('link', { name: 'Start Your Free Trial' })).toHaveAttribute('href', '/auth');
  });
});

describe('Card', () => {
  it('is a region named by its title', () => {
    renderWithTheme(<Card title="Workout Guidelines">6-10 reps per set</Card>);

    expect(screen.getByRole('region', { name: 'Workout Guidelines' })).toHaveTextContent('6-10 reps per set');
  });
});

describe('Spinner', () => {
  it('announces loading to screen readers', () => {
    renderWithTheme(<Spinner />);

    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });
});
