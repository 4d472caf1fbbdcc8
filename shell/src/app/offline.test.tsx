import '@hit/platform/test/fakeIndexedDb';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  createQueryClient,
  indexedDbStorage,
  OfflineCacheGate,
  queryKeys,
  startOfflineCache,
  type OfflineCache,
} from '@hit/platform';
import { GlobalStyle, ThemeProvider } from '@hit/ui';
import { answer, mockApi } from '@hit/platform/test/apiMock';
import { loadRemoteModule } from '../remotes/remoteLoader';
import { App } from './App';

jest.mock('../remotes/remoteLoader');
const loadRemoteModuleMock = jest.mocked(loadRemoteModule);

const ann = { id: 'u-ann', email: 'ann@gym.test', firstName: 'Ann', lastName: 'Lee', weightUnit: 'lbs' as const };
const annDays = [{ id: 1, name: 'Chest & Back' }];
const noNetwork = () => {
  throw new TypeError('Failed to fetch');
};
const OFFLINE_WITH_DATA = /^You're offline\. Showing your data from .+\.$/;

// Stand-in for mf_workout/WorkoutDashboard: it reads the shared cache as the real one does.
function FakeDashboard() {
  const days = useQuery<{ name: string }[]>({ queryKey: queryKeys.workoutDays });
  return (
    <>
      <h1>Workout dashboard</h1>
      {days.data?.map((day) => (
        <p key={day.name}>{day.name}</p>
      ))}
    </>
  );
}

function FakeAuthPage() {
  return <h1>Sign in remote</h1>;
}

let databaseCount = 0;
let databaseName: string;
const running: OfflineCache[] = [];

beforeEach(() => {
  databaseCount += 1;
  databaseName = `hit-shell-offline-test-${databaseCount}`;
  loadRemoteModuleMock.mockImplementation(async (id) => ({
    default: id === 'mf_auth/AuthPage' ? FakeAuthPage : FakeDashboard,
  }));
});
afterEach(() => {
  for (const cache of running.splice(0)) cache.stop();
});

/** The shell as bootstrap.tsx starts it: the query client, its offline cache in this test's IndexedDB, the gate. */
function startApp(path: string) {
  const queryClient = createQueryClient();
  const cache = startOfflineCache(queryClient, { storage: indexedDbStorage(databaseName), saveDelayMs: 0 });
  running.push(cache);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <GlobalStyle />
        <MemoryRouter initialEntries={[path]} useTransitions={false}>
          <OfflineCacheGate restored={cache.restored}>
            <App />
          </OfflineCacheGate>
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { queryClient, cache, ...view };
}

/** A first visit online: the user and their days answered, and saved. */
async function visitOnline() {
  mockApi({ 'GET /api/user': answer(200, ann), 'GET /api/workout-days': answer(200, annDays) });
  const first = startApp('/home');
  await screen.findByText('Chest & Back');
  await first.cache.flush();
  first.unmount();
  first.cache.stop();
}

describe('the shell with no network', () => {
  it("opens a signed-in user's /home from their saved data, and says it is offline and how old the data is", async () => {
    await visitOnline();
    mockApi({ 'GET /api/user': noNetwork, 'GET /api/workout-days': noNetwork });

    startApp('/home');

    expect(await screen.findByRole('heading', { name: 'Workout dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Chest & Back')).toBeInTheDocument();
    expect(await screen.findByText(OFFLINE_WITH_DATA)).toBeInTheDocument();
    expect(screen.getByText(OFFLINE_WITH_DATA).closest('[role="status"]')).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByText("We couldn't check your sign-in")).not.toBeInTheDocument();
  });

  it('drops the offline status as soon as the api answers again', async () => {
    await visitOnline();
    const api = mockApi({ 'GET /api/user': noNetwork, 'GET /api/workout-days': noNetwork });
    const { queryClient } = startApp('/home');
    await screen.findByText(OFFLINE_WITH_DATA);

    api.route({ 'GET /api/user': answer(200, ann), 'GET /api/workout-days': answer(200, annDays) });
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.user }));

    expect(screen.queryByText(OFFLINE_WITH_DATA)).not.toBeInTheDocument();
    expect(screen.getByText('Chest & Back')).toBeInTheDocument();
  });

  it('still asks a visitor with no saved sign-in to try again, never showing a spinner for good', async () => {
    mockApi({ 'GET /api/user': noNetwork });

    startApp('/home');

    expect(await screen.findByText("We couldn't check your sign-in")).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('shows /auth to a saved user whose session ended (401), never passing through /home', async () => {
    await visitOnline();
    const api = mockApi({
      'GET /api/user': answer(401, { message: 'Not authenticated' }),
      'GET /api/workout-days': answer(401, { message: 'Not authenticated' }),
    });

    startApp('/auth');

    expect(await screen.findByRole('heading', { name: 'Sign in remote' })).toBeInTheDocument();
    expect(api.callsTo('GET /api/workout-days')).toHaveLength(0);
  });

  it('takes a saved user from /auth to /home when the api cannot be reached', async () => {
    await visitOnline();
    mockApi({ 'GET /api/user': noNetwork, 'GET /api/workout-days': noNetwork });

    startApp('/auth');

    expect(await screen.findByRole('heading', { name: 'Workout dashboard' })).toBeInTheDocument();
  });

  it('sends a saved user whose session ended (401) to the landing page, with nothing of theirs left', async () => {
    await visitOnline();
    mockApi({ 'GET /api/user': answer(401, { message: 'Not authenticated' }), 'GET /api/workout-days': noNetwork });

    const { queryClient } = startApp('/home');

    expect(await screen.findByRole('heading', { name: 'High-Intensity Training Workout Tracker' })).toBeInTheDocument();
    expect(queryClient.getQueryData(queryKeys.workoutDays)).toBeUndefined();
  });
});
