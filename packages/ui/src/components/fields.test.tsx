import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Alert } from './Alert';
import { PasswordField } from './PasswordField';
import { TextButton } from './TextButton';
import { TextField } from './TextField';

describe('TextField', () => {
  it('is an input named by its label that passes its input props on', async () => {
    const onChange = jest.fn();
    renderWithTheme(
      <TextField label="Email" type="email" name="email" required autoComplete="email" onChange={onChange} />,
    );

    const input = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.type(input, 'lifter@gym.test');

    expect(input).toHaveValue('lifter@gym.test');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('name', 'email');
    expect(input).toBeRequired();
    expect(onChange).toHaveBeenCalled();
  });

  it('reads out its hint with the input', () => {
    renderWithTheme(<TextField label="Password" hint="Password must be at least 8 characters long" />);

    expect(screen.getByRole('textbox', { name: 'Password' })).toHaveAccessibleDescription(
      'Password must be at least 8 characters long',
    );
  });

  it('marks the input invalid and reads out the error after the hint', () => {
    renderWithTheme(<TextField label="Confirm Password" hint="Type it again" error="Passwords don't match" />);

    const input = screen.getByRole('textbox', { name: 'Confirm Password' });
    expect(input).toBeInvalid();
    expect(input).toHaveAccessibleDescription("Type it again Passwords don't match");
  });

  it('is not invalid and has no description without a hint or error', () => {
    renderWithTheme(<TextField label="First Name" />);

    const input = screen.getByRole('textbox', { name: 'First Name' });
    expect(input).not.toBeInvalid();
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('keeps a given id and aria-describedby', () => {
    renderWithTheme(
      <>
        <p id="form-note">All fields are private</p>
        <TextField label="Last Name" id="last-name" aria-describedby="form-note" hint="Optional" />
      </>,
    );

    const input = screen.getByRole('textbox', { name: 'Last Name' });
    expect(input).toHaveAttribute('id', 'last-name');
    expect(input).toHaveAccessibleDescription('All fields are private Optional');
  });

  it('forwards a ref to the input', () => {
    let element: HTMLInputElement | null = null;
    renderWithTheme(<TextField label="Email" ref={(node) => void (element = node)} />);

    expect(element).toBe(screen.getByRole('textbox', { name: 'Email' }));
  });
});

describe('PasswordField', () => {
  it('hides the password until the toggle is pressed, then hides it again', async () => {
    renderWithTheme(<PasswordField label="Password" />);
    const input = screen.getByLabelText('Password', { selector: 'input' });
    await userEvent.type(input, 'secret123');

    expect(input).toHaveAttribute('type', 'password');
    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(show);

    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('secret123');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(hide);

    expect(input).toHaveAttribute('type', 'password');
  });

  it('toggles each field on its own, with its own names', async () => {
    renderWithTheme(
      <>
        <PasswordField label="Password" />
        <PasswordField label="Confirm Password" showLabel="Show confirm password" hideLabel="Hide confirm password" />
      </>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Show confirm password' }));

    expect(screen.getByLabelText('Confirm Password', { selector: 'input' })).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Hide confirm password' })).toBeInTheDocument();
  });

  it('does not submit its form when toggled', async () => {
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWithTheme(
      <form onSubmit={onSubmit}>
        <PasswordField label="Password" />
      </form>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));

    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('Alert', () => {
  it('is announced at once with its title and message', () => {
    renderWithTheme(<Alert title="Error">Passwords don&apos;t match. Please try again.</Alert>);

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent("Passwords don't match. Please try again.");
  });
});

describe('TextButton', () => {
  it('is a real button (not a submit) that reads like a link', async () => {
    const onClick = jest.fn();
    renderWithTheme(<TextButton onClick={onClick}>Already have an account? Sign in</TextButton>);

    const button = screen.getByRole('button', { name: 'Already have an account? Sign in' });
    await userEvent.click(button);

    expect(button).toHaveAttribute('type', 'button');
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
