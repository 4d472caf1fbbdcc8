// Registers the service worker (shell/src/service-worker/sw.ts, built to /sw.js). Shared by the app and the landing
// page, so it stays a few lines: no Workbox on the page side.

export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers /sw.js for the whole site once the page has loaded (its precaching never competes with the first
 * paint). Production builds only: the development server's bundles change on every save. Resolves undefined when
 * there is no worker (development, an old browser, storage refused); the app works the same without one.
 */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const register = () =>
      navigator.serviceWorker
        // updateViaCache 'none': a new release's worker is fetched past the HTTP cache on every check.
        .register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })
        .then(resolve, () => resolve(undefined));
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  });
}
