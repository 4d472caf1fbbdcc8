import type { QueryClient } from '@tanstack/react-query';
import { INLINED_READS_ELEMENT_ID } from '@hit/contracts/rules';
import { queryKeyOfPath } from './queryKeys';

/**
 * Puts the reads the api wrote into the page (a signed-in visitor's user and first screen, api/src/pages.ts) into the
 * query cache, under each path's key, as if just fetched: the first screen renders with its data and asks for none
 * of it (issue #25; over HTTP/1.1 a dozen small requests took turns on the browser's six connections with the
 * scripts). Then removes the block, so no one's data stays in the page after they sign out. Called once, when the
 * offline cache is restored (an answer written into the page is newer than any restored copy).
 */
export function seedInlinedReads(queryClient: QueryClient, doc: Document = document): string[] {
  const element = doc.getElementById(INLINED_READS_ELEMENT_ID);
  if (!element) return [];
  element.remove();
  let reads: unknown;
  try {
    reads = JSON.parse(element.textContent ?? '');
  } catch {
    return [];
  }
  if (!reads || typeof reads !== 'object' || Array.isArray(reads)) return [];
  const seeded: string[] = [];
  for (const [path, answer] of Object.entries(reads)) {
    if (!path.startsWith('/api/') || answer === undefined) continue;
    queryClient.setQueryData(queryKeyOfPath(path), answer);
    seeded.push(path);
  }
  return seeded;
}
