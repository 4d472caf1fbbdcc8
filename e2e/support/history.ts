import type { Page } from 'playwright-core';

/**
 * Logs a whole workout through the api, as the workout screen does (start, autosave, end, complete), from inside
 * the signed-in page. The workout screen itself is driven set by set in workout.test.ts; this only arranges
 * history quickly: warm-ups at half the working weight, 10 reps; working sets at `workingWeight`, 8 reps.
 */
export async function logWorkoutThroughApi(page: Page, dayId: number, workingWeight: number): Promise<void> {
  await page.evaluate(
    async ({ dayId, workingWeight }) => {
      const call = async (method: string, path: string, body?: unknown) => {
        const response = await fetch(path, {
          method,
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
        return response.json();
      };
      const session = await call('POST', '/api/sessions/start', { dayId });
      const completedAt = new Date().toISOString();
      const exercises = session.exercises.map((exercise: { sets: { type: string }[] }) => ({
        ...exercise,
        sets: exercise.sets.map((set) => ({
          ...set,
          completed: true,
          weight: set.type === 'working' ? workingWeight : workingWeight / 2,
          reps: set.type === 'working' ? 8 : 10,
          weightUnit: 'lbs',
          completedAt,
        })),
      }));
      await call('PUT', `/api/sessions/${session.id}`, { exercises });
      await call('POST', `/api/sessions/${session.id}/end`, {});
      await call('POST', `/api/workout-days/${dayId}/complete`, {});
    },
    { dayId, workingWeight },
  );
}
