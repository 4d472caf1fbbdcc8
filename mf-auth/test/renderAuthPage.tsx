import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createQueryClient } from '@hit/platform';
import { ThemeProvider, Toaster } from '@hit/ui';
import AuthPage from '../src/exposes/AuthPage';

/** Where the router is, so a test can see what the form links did to the address. */
function CurrentAddress() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

/** The auth page inside the providers the shell gives it (the real QueryClient and theme, the toast viewport). */
export function renderAuthPage(address = '/auth') {
  const queryClient = createQueryClient();
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[address]}>
          <Routes>
            <Route path="/auth" element={<AuthPage />} />
            <Route path="/reset-password" element={<AuthPage />} />
            <Route path="/home" element={<h1>Workout dashboard</h1>} />
          </Routes>
          <CurrentAddress />
        </MemoryRouter>
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { queryClient, user };
}
