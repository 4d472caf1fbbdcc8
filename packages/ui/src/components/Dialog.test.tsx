import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithTheme } from '../../test/renderWithTheme';
import { Button } from './Button';
import { Dialog, DialogActions } from './Dialog';

/** A page with a button that opens a dialog holding two actions. */
function Page({ dismissible = true, onOpenChange }: { dismissible?: boolean; onOpenChange?: (open: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Reset Progress</Button>
      <Button variant="ghost">Behind the dialog</Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          onOpenChange?.(next);
          setOpen(next);
        }}
        title="Reset all progress?"
        description="Every logged set will be deleted."
        dismissible={dismissible}
      >
        <DialogActions>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="danger">Reset</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

async function openDialog(props: Parameters<typeof Page>[0] = {}) {
  const user = userEvent.setup();
  renderWithTheme(<Page {...props} />);
  await user.click(screen.getByRole('button', { name: 'Reset Progress' }));
  return { user, dialog: screen.getByRole('dialog') };
}

describe('Dialog', () => {
  it('is a modal dialog named by its title and described by its description, rendered in document.body', async () => {
    const { dialog } = await openDialog();

    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleName('Reset all progress?');
    expect(dialog).toHaveAccessibleDescription('Every logged set will be deleted.');
    // Portalled: its backdrop is a child of <body>, outside the page's own tree.
    expect(dialog.parentElement?.parentElement).toBe(document.body);
  });

  it('renders nothing while closed', () => {
    renderWithTheme(<Dialog open={false} onOpenChange={jest.fn()} title="Hidden" />);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('moves focus to its first action on open', async () => {
    await openDialog();

    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { user, dialog } = await openDialog();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const close = within(dialog).getByRole('button', { name: 'Close' });

    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Reset' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
  });

  it('brings focus back when something behind it gets focus', async () => {
    const { dialog } = await openDialog();

    screen.getByRole('button', { name: 'Behind the dialog', hidden: true }).focus();

    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes with Escape and gives focus back to the button that opened it', async () => {
    const onOpenChange = jest.fn();
    const { user } = await openDialog({ onOpenChange });

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getByRole('button', { name: 'Reset Progress' })).toHaveFocus();
  });

  it('closes with a click outside it, not with a click inside', async () => {
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByText('Every logged set will be deleted.'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(dialog.parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    const { user, dialog } = await openDialog();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Progress' })).toHaveFocus();
  });

  it('gives focus back after closing through one of its own buttons', async () => {
    const { user } = await openDialog();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.getByRole('button', { name: 'Reset Progress' })).toHaveFocus();
  });

  it('stays open on Escape and outside clicks when not dismissible, and has no close button', async () => {
    const onOpenChange = jest.fn();
    const { user, dialog } = await openDialog({ dismissible: false, onOpenChange });

    await user.keyboard('{Escape}');
    await user.click(dialog.parentElement!);

    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('closes only the top dialog on Escape', async () => {
    function Stacked() {
      const [outer, setOuter] = useState(true);
      const [inner, setInner] = useState(false);
      return (
        <Dialog open={outer} onOpenChange={setOuter} title="Account details">
          <Button onClick={() => setInner(true)}>Privacy Policy</Button>
          <Dialog open={inner} onOpenChange={setInner} title="Privacy Policy">
            <Button>Done</Button>
          </Dialog>
        </Dialog>
      );
    }
    const user = userEvent.setup();
    renderWithTheme(<Stacked />);
    await user.click(screen.getByRole('button', { name: 'Privacy Policy' }));
    expect(screen.getByRole('button', { name: 'Done' })).toHaveFocus();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog', { name: 'Privacy Policy' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Account details' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Privacy Policy' })).toHaveFocus();
  });

  it('can be named by a heading inside it', () => {
    renderWithTheme(
      <Dialog open onOpenChange={jest.fn()} labelledBy="trial-title">
        <h2 id="trial-title">Free Trial Expired</h2>
      </Dialog>,
    );

    expect(screen.getByRole('dialog')).toHaveAccessibleName('Free Trial Expired');
  });

  it('stops the page behind from scrolling while open', async () => {
    const { user } = await openDialog();
    expect(document.body.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');

    expect(document.body.style.overflow).toBe('');
  });

  it('ignores dismissal while fading out', async () => {
    const onOpenChange = jest.fn();
    const user = userEvent.setup();
    renderWithTheme(<Dialog open closing onOpenChange={onOpenChange} title="Welcome" />);

    await user.keyboard('{Escape}');

    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
