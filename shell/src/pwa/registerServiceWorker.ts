// Registers the service worker (shell/src/service-worker/sw.ts, built to /sw.js). Shared by the app and the landing
// page, so it stays a few lines: no Workbox on the page side.

export const SERVICE_WORKER_URL = '/sw.js';

/** How long registration may wait for an idle moment after load. */
const IDLE_TIMEOUT_MS = 5_000;

/**
 * Registers /sw.js for the whole site once the page has loaded and is idle, so its precaching never competes with
 * the first screen (the shell loads that screen's remote after load). Production builds only: the development
 * server's bundles change on every save. Resolves undefined when there is no worker (development, an old browser,
 * storage refused); the app works the same without one.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const register = () =>
      navigator.serviceWorker
        // updateViaCache 'none': a new release's worker is fetched past the HTTP cache on every check.
        .register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })
        .then(resolve, () => resolve(undefined));
    const whenIdle = () =>
      'requestIdleCallback' in window
        ? requestIdleCallback(register, { timeout: IDLE_TIMEOUT_MS })
        : setTimeout(register, 0);
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
}
