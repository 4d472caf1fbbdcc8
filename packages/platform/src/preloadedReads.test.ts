import { createQueryClient } from './queryClient';
import { fetchPreloadedReads, preloadedReadPaths } from './preloadedReads';
import { queryKeys } from './queryKeys';
import { answer, mockApi } from '@hit/platform/test/apiMock';

/** A page as the api renders it for a signed-in lifter on /home (api/src/pages.ts), plus what must be left alone. */
function renderedPage(): Document {
  const doc = document.implementation.createHTMLDocument('HIT Tracker');
  doc.head.innerHTML = [
    '<link rel="preload" href="/remotes/workout/stable/remoteEntry.js" as="script" />',
    '<link rel="preload" href="/remotes/workout/stable/mf-manifest.json" as="fetch" crossorigin="anonymous" />',
    '<link rel="preload" href="/api/user" as="fetch" crossorigin="use-credentials" />',
    '<link rel="preload" href="/api/workout-days" as="fetch" crossorigin="use-credentials" />',
    '<link rel="preload" href="/api/workout-state" as="fetch" crossorigin="use-credentials" />',
    '<link rel="preload" href="/api/workout-days" as="fetch" crossorigin="use-credentials" />',
    '<link rel="preload" href="https://elsewhere.example/api/user" as="fetch" crossorigin="use-credentials" />',
    '<link rel="prefetch" href="/api/progress" as="fetch" />',
  ].join('');
  return doc;
}

describe('the reads the page preloads', () => {
  it('are the api paths of its fetch preloads on this origin, each once', () => {
    expect(preloadedReadPaths(renderedPage())).toEqual(['/api/user', '/api/workout-days', '/api/workout-state']);
  });

  it('are none on a page without preloads (the offline copy of the app)', () => {
    expect(preloadedReadPaths(document.implementation.createHTMLDocument(''))).toEqual([]);
  });

  it('are asked once through the query client, so the screen finds them in its cache', async () => {
    const days = [{ id: 1, name: 'Day 1' }];
    const api = mockApi({
      'GET /api/user': answer(200, { id: 'u1', email: 'lifter@example.com' }),
      'GET /api/workout-days': answer(200, days),
      'GET /api/workout-state': answer(200, { cycleCount: 0, nextRecommendedDay: 1 }),
    });
    const queryClient = createQueryClient();

    await fetchPreloadedReads(queryClient, renderedPage());

    expect(queryClient.getQueryData(queryKeys.workoutDays)).toEqual(days);
    expect(queryClient.getQueryData(queryKeys.user)).toMatchObject({ id: 'u1' });
    expect(api.callsTo('GET /api/workout-days')).toHaveLength(1);
    // A screen's own read of the same key is answered from the cache.
    await queryClient.fetchQuery({ queryKey: queryKeys.workoutDays });
    expect(api.mock.calls).toHaveLength(3);
  });

  it("lands a 'Last time' hint under the key the workout reads it by (exercise and day as numbers)", async () => {
    const doc = document.implementation.createHTMLDocument('HIT Tracker');
    doc.head.innerHTML =
      '<link rel="preload" href="/api/progress/last-workout/101/1" as="fetch" crossorigin="use-credentials" />';
    const hint = { weight: 100, reps: 8, unit: 'lbs' };
    const api = mockApi({ 'GET /api/progress/last-workout/101/1': answer(200, hint) });
    const queryClient = createQueryClient();

    await fetchPreloadedReads(queryClient, doc);

    expect(queryClient.getQueryData(queryKeys.lastWorkout(101, 1))).toEqual(hint);
    await queryClient.prefetchQuery({ queryKey: queryKeys.lastWorkout(101, 1) });
    expect(api.mock.calls).toHaveLength(1);
  });

  it('settles when a read fails, leaving the failure for the screen to show', async () => {
    mockApi({
      'GET /api/user': answer(200, { id: 'u1' }),
      'GET /api/workout-days': answer(402, { message: 'Your free trial has ended.' }),
      'GET /api/workout-state': answer(200, { cycleCount: 0, nextRecommendedDay: 1 }),
    });
    const queryClient = createQueryClient();

    await expect(fetchPreloadedReads(queryClient, renderedPage())).resolves.toBeUndefined();
    expect(queryClient.getQueryState(queryKeys.workoutDays)?.status).toBe('error');
  });
});
