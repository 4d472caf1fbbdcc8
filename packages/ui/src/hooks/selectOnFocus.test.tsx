import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TextField } from '../components/TextField';
import { renderWithTheme } from '../../test/renderWithTheme';
import { selectOnFocus } from './selectOnFocus';

describe('selectOnFocus', () => {
  it('selects a prefilled number as it is tapped, so typing replaces it: 6 gives 6, not 66', async () => {
    renderWithTheme(<TextField label="Reps" type="text" inputMode="numeric" defaultValue="6" {...selectOnFocus} />);
    const reps = screen.getByLabelText('Reps');

    await userEvent.click(reps);
    await userEvent.keyboard('6');

    expect(reps).toHaveValue('6');
  });

  it('selects it when reached with Tab too', async () => {
    render(<input aria-label="Weight" defaultValue="102.5" {...selectOnFocus} />);
    const weight = screen.getByLabelText<HTMLInputElement>('Weight');

    await userEvent.tab();

    expect(weight).toHaveFocus();
    expect([weight.selectionStart, weight.selectionEnd]).toEqual([0, 5]);
    await userEvent.keyboard('100');
    expect(weight).toHaveValue('100');
  });

  it('lets a second press inside the focused field place the caret as usual', async () => {
    render(<input aria-label="Weight" defaultValue="100" {...selectOnFocus} />);
    const weight = screen.getByLabelText<HTMLInputElement>('Weight');

    await userEvent.click(weight);
    await userEvent.pointer({ target: weight, offset: 1, keys: '[MouseLeft]' });

    expect(weight.selectionStart).toBe(weight.selectionEnd);
  });
});
