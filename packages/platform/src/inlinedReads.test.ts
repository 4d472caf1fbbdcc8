import { INLINED_READS_ELEMENT_ID } from '@hit/contracts/rules';
import { createQueryClient } from './queryClient';
import { seedInlinedReads } from './inlinedReads';
import { queryKeys } from './queryKeys';
import { mockApi } from '@hit/platform/test/apiMock';

/** A page as the api renders it for a signed-in lifter (api/src/pages.ts), with the data block `reads` holds. */
function pageWith(reads: string): Document {
  const doc = document.implementation.createHTMLDocument('HIT Tracker');
  const block = doc.createElement('script');
  block.type = 'application/json';
  block.id = INLINED_READS_ELEMENT_ID;
  block.textContent = reads;
  doc.head.append(block);
  return doc;
}

describe('the reads the api wrote into the page', () => {
  const user = { id: 'u1', email: 'lifter@example.com', firstName: null, lastName: null, weightUnit: 'lbs' as const };
  const days = [{ id: 1, name: 'Day 1', exercises: [] }];
  const hint = { weight: 100, reps: 8, unit: 'lbs' };

  it('are in the query cache under their keys, and the screen asks the api for none of them', async () => {
    const api = mockApi({});
    const queryClient = createQueryClient();
    const doc = pageWith(
      JSON.stringify({ '/api/user': user, '/api/workout-days': days, '/api/progress/last-workout/101/1': hint }),
    );

    expect(seedInlinedReads(queryClient, doc)).toEqual([
      '/api/user',
      '/api/workout-days',
      '/api/progress/last-workout/101/1',
    ]);

    expect(queryClient.getQueryData(queryKeys.user)).toEqual(user);
    expect(queryClient.getQueryData(queryKeys.lastWorkout(101, 1))).toEqual(hint);
    await expect(queryClient.fetchQuery({ queryKey: queryKeys.workoutDays })).resolves.toEqual(days);
    await queryClient.prefetchQuery({ queryKey: queryKeys.lastWorkout(101, 1) });
    expect(api.mock.calls).toEqual([]);
  });

  it("leave the page once read, so no one's data stays in it after they sign out", () => {
    const doc = pageWith(JSON.stringify({ '/api/user': user }));
    seedInlinedReads(createQueryClient(), doc);
    expect(doc.getElementById(INLINED_READS_ELEMENT_ID)).toBeNull();
  });

  it.each([
    ['no block (the offline copy of the page, an anonymous visitor)', undefined],
    ['a block that is not JSON', '{"/api/user": '],
    ['a block that is not an object', '[1, 2]'],
  ])('seed nothing from %s', (_case, text) => {
    const queryClient = createQueryClient();
    const doc = text === undefined ? document.implementation.createHTMLDocument('') : pageWith(text);
    expect(seedInlinedReads(queryClient, doc)).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('take only api paths', () => {
    const queryClient = createQueryClient();
    const doc = pageWith(JSON.stringify({ '/elsewhere': 1, '/api/user': user }));
    expect(seedInlinedReads(queryClient, doc)).toEqual(['/api/user']);
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([queryKeys.user]);
  });
});
