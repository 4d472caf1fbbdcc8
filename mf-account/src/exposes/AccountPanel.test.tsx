import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, dismissToast, queryKeys } from '@hit/platform';
import { ThemeProvider } from '@hit/ui';
import AccountPanel from './AccountPanel';

const lifter = { id: 'u1', email: 'lifter@gym.test', firstName: 'Ann', lastName: 'Lee' };

/** Like the shell: the panel is unmounted as soon as it closes. */
function ShellHost() {
  const [open, setOpen] = useState(true);
  return open ? <AccountPanel open onOpenChange={setOpen} /> : null;
}

function renderPanel(open: boolean | 'as in the shell', onOpenChange = jest.fn()) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user, lifter);
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <MemoryRouter initialEntries={['/home']}>
          <Routes>
            <Route path="/home" element={<h1>Home</h1>} />
            <Route path="/auth" element={<h1>Sign in page</h1>} />
          </Routes>
          {open === 'as in the shell' ? <ShellHost /> : <AccountPanel open={open} onOpenChange={onOpenChange} />}
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { onOpenChange, queryClient };
}

afterEach(() => act(() => dismissToast()));

describe('AccountPanel (placeholder)', () => {
  it('shows nothing while closed', () => {
    renderPanel(false);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("is the 'Account details' dialog with the user's name and e-mail", () => {
    global.fetch = jest.fn();
    renderPanel(true);

    const dialog = screen.getByRole('dialog', { name: 'Account details' });
    expect(dialog).toHaveTextContent('Ann Lee');
    expect(dialog).toHaveTextContent('lifter@gym.test');
    expect(global.fetch).not.toHaveBeenCalled();
  });

  it('asks to close with Escape', async () => {
    const { onOpenChange } = renderPanel(true);

    await userEvent.keyboard('{Escape}');

    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('signs out: closes, logs out on the server, forgets the user and goes to /auth', async () => {
    const fetchMock = jest.fn().mockResolvedValue({
      ok: true,
      status: 200,
      statusText: 'OK',
      text: async () => JSON.stringify({ message: 'Logged out' }),
    });
    global.fetch = fetchMock;
    const { queryClient } = renderPanel('as in the shell');

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/logout', expect.objectContaining({ method: 'POST' }));
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.user)).toBeNull());
  });
});
