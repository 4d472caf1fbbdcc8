import type { ReactNode } from 'react';
import { BrowserRouter } from '@hit/routing';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { GlobalStyle } from './GlobalStyle';
import { ThemeProvider } from './ThemeProvider';

/**
 * The app-wide providers: the shell wraps the whole app in them; a remote's standalone development page
 * wraps its exposed screen in them, so it runs alone exactly as inside the shell.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <GlobalStyle />
        {/* Navigations render in step with the query cache (no transition): signing out clears the user and goes
            to /auth in one render, so no protected page sees "no user" first and sends the visitor to '/'. */}
        <BrowserRouter useTransitions={false}>{children}</BrowserRouter>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
