import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router-dom';
import { setWorkoutActive } from '@hit/platform';
import { ThemeProvider } from '@hit/ui';
import { applyUpdate, navigated, useUpdateAvailable } from './appUpdates';
import { UpdatePrompt } from './UpdatePrompt';

jest.mock('./appUpdates');
const useUpdateAvailableMock = jest.mocked(useUpdateAvailable);

function renderPrompt() {
  return render(
    <ThemeProvider>
      <MemoryRouter initialEntries={['/home']}>
        <Link to="/progress">Progress</Link>
        <Link to="/home">Home</Link>
        <UpdatePrompt />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

afterEach(() => act(() => setWorkoutActive(false)));

describe('the update prompt', () => {
  it('says nothing while there is no new version', () => {
    useUpdateAvailableMock.mockReturnValue(false);
    renderPrompt();

    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says "New version available" as a status, with a button that reloads into it', async () => {
    useUpdateAvailableMock.mockReturnValue(true);
    renderPrompt();

    expect(screen.getByRole('status')).toHaveTextContent('New version available');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));

    expect(applyUpdate).toHaveBeenCalledTimes(1);
  });

  it('is not shown during a workout, and is again once the workout is over', () => {
    useUpdateAvailableMock.mockReturnValue(true);
    act(() => setWorkoutActive(true));
    renderPrompt();

    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();

    act(() => setWorkoutActive(false));
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
  });

  it('reports each in-app navigation (the moment to switch), not the first screen', async () => {
    useUpdateAvailableMock.mockReturnValue(false);
    renderPrompt();
    expect(navigated).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('link', { name: 'Progress' }));
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));

    expect(navigated).toHaveBeenCalledTimes(2);
  });
});
