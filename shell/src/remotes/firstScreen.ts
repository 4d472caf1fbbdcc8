import { pageRendersRemote, remotePageAt, type RemoteExposeId } from '@hit/contracts';
import { hasSignedInHint, INLINED_READS_ELEMENT_ID } from '@hit/contracts/rules';
import { firstReadsSettled } from './firstReads';
import { loadRemoteModule } from './remoteLoader';

/**
 * The longest the app's first render waits for its first screen. Past it the app renders as it would have at once
 * (the page spinner until the remote and its reads are in): a slow network shows the app's own loading state.
 */
export const FIRST_SCREEN_WAIT_MS = 1000;

/** The first screen's remote, loading since the start, until its RemoteComponent takes it (takeFirstScreenLoad). */
let early: { id: RemoteExposeId; loading: Promise<unknown> } | undefined;

/**
 * Who the visitor is, as far as the page tells at start: anonymous without the signed-in hint; signed in when the api
 * wrote their reads into the page (it does only while their session names them, api/src/pages.ts); else unknown (a
 * session that ended without a sign-out, or the service worker's offline copy of the page), which the app finds out
 * by asking, as before. Read before the bootstrap seeds the reads (which takes their block out of the page).
 */
export type Visitor = 'anonymous' | 'signed-in' | 'unknown';

export function visitorAtStart(doc: Document = document): Visitor {
  if (!hasSignedInHint(doc.cookie)) return 'anonymous';
  return doc.getElementById(INLINED_READS_ELEMENT_ID) ? 'signed-in' : 'unknown';
}

/**
 * The remote the page at `pathname` renders first for this visitor (REMOTE_PAGES, as the api preloads it), or
 * undefined: none, or it depends on who an unknown visitor turns out to be (a signed-in page must not mount, and ask
 * for its data, before a session that ended is found out).
 */
export function firstScreenRemote(pathname: string, visitor: Visitor): RemoteExposeId | undefined {
  const page = remotePageAt(pathname);
  if (!page) return undefined;
  if (page.audience === 'anyone') return page.expose;
  return visitor !== 'unknown' && pageRendersRemote(page, visitor === 'signed-in') ? page.expose : undefined;
}

/**
 * Settles once the first screen can render whole, or after FIRST_SCREEN_WAIT_MS: its remote loaded (started here,
 * beside the files the page preloaded), the offline cache restored and the page's first reads in (firstReads.ts).
 * The bootstrap renders the app then (issue #25): the screen mounts with its module and its data, so no Suspense
 * fallback is committed first (React keeps a fallback it revealed up for at least 300 ms) and the tree is not rendered
 * again for the module and for the restore. A failure settles it too: the screen shows it, as before.
 */
export function firstScreenReady(remote: RemoteExposeId | undefined, restored: Promise<void>): Promise<void> {
  if (remote) early = { id: remote, loading: loadRemoteModule(remote) };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_SCREEN_WAIT_MS)));
  const ready = Promise.allSettled([early?.loading, restored, firstReadsSettled()]).then(() => undefined);
  return Promise.race([ready, waited]).finally(() => clearTimeout(timer));
}

/**
 * The early load of `id` (firstScreenReady), once: the first screen's RemoteComponent waits for it, or shows its
 * failure, instead of loading the remote a second time. Undefined for any other remote, or when already taken.
 */
export function takeFirstScreenLoad<T>(id: RemoteExposeId): Promise<T> | undefined {
  if (early?.id !== id) return undefined;
  const { loading } = early;
  early = undefined;
  return loading as Promise<T>;
}
