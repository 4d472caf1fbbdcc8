import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { SyncOperation } from '@hit/contracts';
import { createQueryClient, getOutbox, queryKeys, stopOutboxes } from '@hit/platform';
import { answer, mockApi, type ApiRoutes } from '@hit/platform/test/apiMock';
import { ThemeProvider } from '@hit/ui';
import { SyncStatus } from './SyncStatus';
import { exercises } from '@hit/platform/test/exercises';

const SESSION = '6740f0c2a1b2c3d4e5f60718';
let users = 0;

const serverState = { workoutDays: [], workoutState: { cycleCount: 0, nextRecommendedDay: 2 }, openSession: null };

/** POST /api/sync answering each operation with `result`. */
function syncAnswering(result: (op: SyncOperation) => object) {
  return (init?: RequestInit) => {
    const { operations } = JSON.parse(String(init?.body)) as { operations: SyncOperation[] };
    return answer(200, { results: operations.map((op) => ({ opId: op.opId, ...result(op) })), ...serverState });
  };
}
const offline = () => Promise.reject(new TypeError('Failed to fetch'));

/** The status bar of a signed-in page, with `stored` already in the user's outbox (from an earlier visit). */
async function renderStatus(routes: ApiRoutes, stored: Omit<SyncOperation, 'opId' | 'at'>[] = []) {
  stopOutboxes();
  const api = mockApi(routes);
  const user = {
    id: `u-sync-${(users += 1)}`,
    email: 'ann@gym.test',
    firstName: 'Ann',
    lastName: 'Lee',
    weightUnit: 'lbs' as const,
  };
  const earlier = getOutbox(user.id);
  for (const op of stored) await earlier.append(op as never);
  stopOutboxes();
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.user, user);
  render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <SyncStatus />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { api, queryClient, outbox: () => getOutbox(user.id) };
}

describe('the sync status on signed-in screens (issue #18)', () => {
  it('says how many sets wait while the api cannot be reached, and nothing once they are synced', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { api } = await renderStatus({ 'POST /api/sync': offline }, [
      { type: 'start', dayId: 1, sessionId: SESSION },
      { type: 'save', dayId: 1, sessionId: SESSION, exercises: exercises(3) },
    ] as never);

    expect(await screen.findByText('3 sets waiting to sync')).toBeInTheDocument();

    api.route({ 'POST /api/sync': syncAnswering(() => ({ status: 'applied', note: null })) });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });

    await waitFor(() => expect(screen.queryByText(/waiting to sync/)).not.toBeInTheDocument());
  });

  it("shows the api's one-line explanation after a conflict until OK", async () => {
    const note = 'Day 1 was already completed on another device; your sets were saved';
    await renderStatus({ 'POST /api/sync': syncAnswering(() => ({ status: 'applied', note })) }, [
      { type: 'complete', dayId: 1, sessionId: SESSION },
    ] as never);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Synced');
    expect(alert).toHaveTextContent(note);
    await userEvent.click(within(alert).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('lists a change the api refused for good with its reason, offers it as a file, and keeps it until dismissed', async () => {
    const createObjectURL = jest.fn(() => 'blob:refused');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { outbox } = await renderStatus(
      {
        'POST /api/sync': syncAnswering(() => ({
          status: 'rejected',
          httpStatus: 400,
          message: 'at: must not be in the future',
        })),
      },
      [{ type: 'save', dayId: 1, sessionId: SESSION, exercises: exercises(1) }] as never,
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('1 change could not be synced');
    expect(alert).toHaveTextContent('at: must not be in the future');
    expect(screen.queryByText(/waiting to sync/)).not.toBeInTheDocument();

    await userEvent.click(within(alert).getByRole('button', { name: 'Download' }));
    expect(click).toHaveBeenCalledTimes(1);
    const file = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    // jsdom's Blob has no text(); a FileReader reads it as a browser would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(file);
    });
    expect(JSON.parse(text).rejected[0]).toMatchObject({
      message: 'at: must not be in the future',
      operation: { type: 'save', sessionId: SESSION },
    });
    expect(outbox().getStatus().rejected).toHaveLength(1);

    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(outbox().getStatus().rejected).toHaveLength(0);
  });
});
