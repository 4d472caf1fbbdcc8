import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, queryKeys } from '@hit/platform';
import { ThemeProvider, Toaster } from '@hit/ui';
import ProgressAnalytics from '../src/exposes/ProgressAnalytics';
import { answer, mockApi, type ApiRoutes } from '@hit/platform/test/apiMock';
import { lifter, progressEntries, trialStatus } from './fixtures';

/** The screen at /progress inside the providers the shell gives it (real QueryClient, theme, router, toasts). */
export function renderAnalytics({ onBack }: { onBack?: () => void } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user, lifter);
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <MemoryRouter initialEntries={['/progress']}>
          <Routes>
            <Route path="/progress" element={<ProgressAnalytics onBack={onBack} />} />
            <Route path="/home" element={<h1>Home screen</h1>} />
          </Routes>
        </MemoryRouter>
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { queryClient, user };
}

/** A user in the trial with the fixture progress and no goals; `overrides` change routes. */
export function mockAnalyticsApi(overrides: ApiRoutes = {}) {
  return mockApi({
    'GET /api/subscription/status': answer(200, trialStatus),
    'GET /api/progress': answer(200, progressEntries),
    'GET /api/goals': answer(200, []),
    ...overrides,
  });
}
