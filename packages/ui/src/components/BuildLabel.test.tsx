import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/renderWithTheme';
import { BuildLabel } from './BuildLabel';
import { Button } from './Button';

// The corner stack is styled by a global style. styled-components' node build (what jest loads) injects global
// styles only when rendering on a server; the browser build (what webpack bundles) injects them in the page.
jest.mock('styled-components', () => jest.requireActual('styled-components/dist/styled-components.browser.cjs.js'));

describe('BuildLabel', () => {
  it('shows the build label as a note named after it, with the version for whoever inspects the page', () => {
    renderWithTheme(<BuildLabel label="Canary 0.2.0" version="0.2.0" />);

    const note = screen.getByRole('note', { name: 'Build: Canary 0.2.0' });
    expect(note).toHaveTextContent('Canary 0.2.0');
    expect(note).toHaveAttribute('data-remote-version', '0.2.0');
  });

  it('shows nothing for a normal build (no label)', () => {
    const { container } = renderWithTheme(<BuildLabel label="" version="0.1.0" />);
    renderWithTheme(<BuildLabel label="   " />);

    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(container).toBeEmptyDOMElement();
  });

  it('sits in a corner stack that takes no clicks, and leaves the controls of the page usable', async () => {
    const onClick = jest.fn();
    renderWithTheme(
      <>
        <Button onClick={onClick}>Complete Set</Button>
        <BuildLabel label="Canary 0.2.0" />
      </>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Complete Set' }));

    expect(onClick).toHaveBeenCalledTimes(1);
    const stack = screen.getByRole('note').parentElement!;
    expect(stack).toHaveStyle({ position: 'fixed', pointerEvents: 'none' });
    expect(stack.parentElement).toBe(document.body);
  });

  it('stacks the labels of two remotes on one page, and removes the stack with the last one', () => {
    const first = renderWithTheme(<BuildLabel label="mf_workout canary" />);
    const second = renderWithTheme(<BuildLabel label="mf_account canary" />);

    const notes = screen.getAllByRole('note');
    expect(notes).toHaveLength(2);
    expect(notes[0].parentElement).toBe(notes[1].parentElement);

    first.unmount();
    expect(screen.getAllByRole('note')).toHaveLength(1);
    second.unmount();
    expect(document.getElementById('hit-build-labels')).toBeNull();
  });
});
