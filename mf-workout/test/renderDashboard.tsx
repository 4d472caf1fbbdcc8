import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, queryKeys } from '@hit/platform';
import { ThemeProvider, Toaster } from '@hit/ui';
import WorkoutDashboard from '../src/exposes/WorkoutDashboard';
import { answer, mockApi, type ApiRoutes } from '@hit/platform/test/apiMock';
import { day, lifter, trialStatus, workoutState } from './fixtures';

/**
 * The dashboard at /home inside the providers the shell gives it: the real QueryClient (with the user the
 * shell already loaded), the theme, a router with /progress, and the toast viewport.
 */
export function renderDashboard({ fakeTimers = false } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user, lifter);
  const user = userEvent.setup(fakeTimers ? { advanceTimers: jest.advanceTimersByTime } : {});
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <MemoryRouter initialEntries={['/home']}>
          <Routes>
            <Route path="/home" element={<WorkoutDashboard />} />
            <Route path="/progress" element={<h1>Progress Analytics screen</h1>} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { queryClient, user };
}

/** The api of a signed-in user in the trial with the three days and Day 1 next; `overrides` change routes. */
export function mockDashboardApi(overrides: ApiRoutes = {}) {
  return mockApi({
    'GET /api/workout-days': answer(200, [day(1), day(2), day(3)]),
    'GET /api/workout-state': answer(200, workoutState(1)),
    'GET /api/subscription/status': answer(200, trialStatus),
    'GET /api/sessions/open': answer(200, null),
    ...overrides,
  });
}
