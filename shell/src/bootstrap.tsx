import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  createQueryClient,
  fetchPreloadedReads,
  OfflineCacheGate,
  openSignedInOutbox,
  seedAnonymousVisitor,
  seedInlinedReads,
  startOfflineCache,
} from '@hit/platform';
import { AppProviders } from '@hit/ui';
import { App } from './app/App';
import { startServiceWorker } from './pwa/appUpdates';
import { setFirstReads } from './remotes/firstReads';
import { firstScreenReady, firstScreenRemote, visitorAtStart } from './remotes/firstScreen';
import { registerRemoteMap } from './remotes/remoteLoader';

// Who the page is for, read before its reads are seeded (which takes them out of the page).
const firstScreen = firstScreenRemote(location.pathname, visitorAtStart());
const queryClient = createQueryClient();
// The last signed-in user's reads, restored from IndexedDB while the first screen paints (no query runs before).
const offlineCache = startOfflineCache(queryClient);
// The reads the api wrote into this page (a signed-in visitor's user and first screen) go into the cache once it is
// restored; those it preloaded instead (a history of megabytes) are asked then, the browser fetching them already.
// An anonymous visitor is known then too, and a signed-in one's outbox read. The first remote renders with them
// (remotes/firstReads.ts).
setFirstReads(
  offlineCache.restored.then(() => {
    seedAnonymousVisitor(queryClient);
    seedInlinedReads(queryClient);
    return Promise.all([fetchPreloadedReads(queryClient), openSignedInOutbox(queryClient)]);
  }),
);

// Fetch the remote map while the first screen paints. A failure here is not lost: the next remote that is
// needed asks again and shows its fallback if it still fails.
registerRemoteMap().catch(() => undefined);
// After load: the worker that opens the app without a network and brings new releases (production builds only).
void startServiceWorker();

// The app renders once its first screen can render whole (remotes/firstScreen.ts): its remote, the offline cache and
// the page's first reads, for at most FIRST_SCREEN_WAIT_MS.
let restoredBeforeRender = false;
void offlineCache.restored.finally(() => (restoredBeforeRender = true));
void firstScreenReady(firstScreen, offlineCache.restored).then(() => {
  const root = createRoot(document.getElementById('root')!);
  // In a transition, React renders the first tree in slices that yield to the browser every few milliseconds instead
  // of one long task (issue #25: total blocking time on a phone's CPU); what is painted is the same.
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <OfflineCacheGate restored={offlineCache.restored} initiallyRestored={restoredBeforeRender}>
            <App />
          </OfflineCacheGate>
        </AppProviders>
      </StrictMode>,
    );
  });
});
