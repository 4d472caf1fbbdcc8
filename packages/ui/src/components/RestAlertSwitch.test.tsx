import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RestAlertSetting } from '@hit/platform';
import { renderWithTheme } from '../../test/renderWithTheme';
import { RestAlertSwitch } from './RestAlertSwitch';

const LABEL = 'Alert me when rest is over, even with the screen locked';

function ready(changes: Partial<Extract<RestAlertSetting, { status: 'ready' }>> = {}): RestAlertSetting {
  return {
    status: 'ready',
    label: LABEL,
    on: false,
    busy: false,
    message: null,
    turnOn: jest.fn(),
    turnOff: jest.fn(),
    ...changes,
  };
}

describe('RestAlertSwitch', () => {
  it('shows nothing while the push client loads', () => {
    const { container } = renderWithTheme(<RestAlertSwitch setting={{ status: 'checking' }} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('is a switch named by the offer: a tap turns it on, another off', async () => {
    const off = ready();
    const { unmount } = renderWithTheme(<RestAlertSwitch setting={off} />);
    const control = screen.getByRole('switch', { name: LABEL });
    expect(control).toHaveAttribute('aria-checked', 'false');

    await userEvent.click(control);
    expect(off.status === 'ready' && off.turnOn).toHaveBeenCalledTimes(1);

    const on = ready({ on: true });
    unmount();
    renderWithTheme(<RestAlertSwitch setting={on} />);
    expect(screen.getByRole('switch', { name: LABEL })).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(screen.getByRole('switch', { name: LABEL }));
    expect(on.status === 'ready' && on.turnOff).toHaveBeenCalledTimes(1);
  });

  it('ignores taps while turning on, keeping focus on the switch', async () => {
    const busy = ready({ busy: true });
    renderWithTheme(<RestAlertSwitch setting={busy} />);
    const control = screen.getByRole('switch', { name: LABEL });
    expect(control).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(control);
    expect(busy.status === 'ready' && busy.turnOn).not.toHaveBeenCalled();
    expect(control).toHaveFocus();
  });

  it('says why turning on failed, as a status', () => {
    renderWithTheme(<RestAlertSwitch setting={ready({ message: 'It could not be turned on.' })} />);
    expect(screen.getByRole('status')).toHaveTextContent('It could not be turned on.');
  });

  it('is the sentence alone where the alert cannot be had', () => {
    renderWithTheme(<RestAlertSwitch setting={{ status: 'unavailable', message: 'This browser cannot.' }} />);
    expect(screen.getByText('This browser cannot.')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});
