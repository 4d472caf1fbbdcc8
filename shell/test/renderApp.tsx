import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@hit/platform';
import { GlobalStyle, ThemeProvider } from '@hit/ui';
import { App } from '../src/app/App';

/** The shell's app at `path`, with the same providers as the real app (a memory router, set up like its router). */
export function renderApp(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ThemeProvider>
        <GlobalStyle />
        <MemoryRouter initialEntries={[path]} useTransitions={false}>
          <App />
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

/** Answers GET /api/user: a status and body, or a promise that never settles (still loading). */
export function mockUserAnswer(answer: { status: number; body?: unknown } | 'pending') {
  const fetchMock = jest.fn((_path: string) =>
    answer === 'pending'
      ? new Promise<Response>(() => undefined)
      : Promise.resolve({
          ok: answer.status >= 200 && answer.status < 300,
          status: answer.status,
          statusText: '',
          text: async () => JSON.stringify(answer.body ?? { message: 'Not authenticated' }),
        } as Response),
  );
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}
