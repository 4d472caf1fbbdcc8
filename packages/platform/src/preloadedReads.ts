import type { QueryClient } from '@tanstack/react-query';
import { queryKeyOfPath } from './queryKeys';

/**
 * The api reads this page preloads: the api names them in its HTML (api/src/pages.ts, `<link rel="preload"
 * as="fetch">` of GET /api/user and of the screen's first reads) for a signed-in visitor. Their paths are their
 * query keys (queryKeys.ts, queryKeyOfPath).
 */
export function preloadedReadPaths(doc: Document = document): string[] {
  const paths = new Set<string>();
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')) {
    let url: URL;
    try {
      url = new URL(link.getAttribute('href') ?? '', location.href);
    } catch {
      continue;
    }
    if (url.origin !== location.origin || !url.pathname.startsWith('/api/') || url.search) continue;
    paths.add(url.pathname);
  }
  return [...paths];
}

/**
 * Asks the query client for each read the page preloads, at once (issue #25): the requests pick up the browser's
 * preloaded answers, and the first screen can render with its data in one go, instead of rendering its loading state
 * and then again, in one long blocking task, when the data comes. Settles when every read has (a failure included:
 * the screen shows it as it would its own). Called once the offline cache is restored: a restored read is then
 * asked again, as every restored read is when first used.
 */
export async function fetchPreloadedReads(queryClient: QueryClient, doc: Document = document): Promise<void> {
  await Promise.all(
    preloadedReadPaths(doc).map((path) => queryClient.prefetchQuery({ queryKey: queryKeyOfPath(path) })),
  );
}
