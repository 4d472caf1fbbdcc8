import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { REMOTES } from '@hit/contracts';
import type { Config } from './config';
import { HttpError } from './errors';

/** The shell's webpack dev server; the remotes' dev ports come from @hit/contracts. */
const SHELL_DEV_PORT = 3000;

function devServerOrigins(): string[] {
  return [SHELL_DEV_PORT, ...REMOTES.map((remote) => remote.devPort)].map((port) => `http://localhost:${port}`);
}

/** helmet with a CSP that allows only this origin (plus the dev servers and their hot-reload sockets in dev mode). */
export function securityHeaders(config: Pick<Config, 'remotesMode' | 'publicOrigin'>) {
  const devServers = config.remotesMode === 'dev' ? devServerOrigins() : [];
  const hotReload = devServers.map((origin) => origin.replace(/^http:/, 'ws:'));
  return helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...devServers],
        // styled-components injects <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'", ...devServers],
        imgSrc: ["'self'", 'data:', ...devServers],
        connectSrc: ["'self'", ...devServers, ...hotReload],
        // The service worker (/sw.js) and the web app manifest: this origin only. Said outright rather than left
        // to the fallbacks (worker-src falls back to script-src, manifest-src to default-src).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // Upgrading only makes sense when the site is known to be served over https (not on http://localhost).
        upgradeInsecureRequests: config.publicOrigin?.startsWith('https:') ? [] : null,
      },
    },
    // helmet's default no-referrer makes browsers send `Origin: null` on same-origin form posts (the demo
    // checkout's Confirm), which the Origin check must refuse. This policy sends the real origin to us and only
    // the origin to other sites.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * The headers of the api's own answers (JSON, files to download): helmet with the policy OWASP gives for APIs, a CSP
 * that lets the answer do nothing if a browser ever renders it (`default-src 'none'; frame-ancestors 'none'`), and
 * none of the headers only documents use (the page CSP, COOP, Origin-Agent-Cluster, the DNS-prefetch and IE
 * switches): a read is cheaper with 6 headers than with 14 (issue #21). The HTML pages the api serves (the demo
 * checkout) add `securityHeaders` themselves.
 */
export function apiSecurityHeaders() {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    frameguard: { action: 'deny' },
    // As the pages': a same-origin form post must name its origin (see securityHeaders).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * The headers of the build's scripts, style sheets, JSON and images: a browser never renders one as a document, so
 * none of the document-only headers (the page CSP, COOP, Origin-Agent-Cluster, X-Frame-Options, the DNS-prefetch,
 * download and XSS switches, the Flash policy, the referrer policy of what a document asks for) applies. Each first
 * visit loads about 25 of them: 600 bytes of headers each, sent uncompressed over HTTP/1.1 (issue #25). What does
 * apply stays: nosniff (a script is run only with a script type), Cross-Origin-Resource-Policy and HSTS. SVG (which
 * may run script when opened), HTML and the service worker (whose CSP is its own) keep `securityHeaders`.
 */
export function assetSecurityHeaders() {
  return helmet({
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}

/** A built file no browser renders as a document (see assetSecurityHeaders); the service worker excepted. */
const ASSET_FILE = /\.(js|mjs|css|json|webmanifest|png|jpe?g|webp|ico|woff2?)$/i;
export function isAssetRequest(path: string): boolean {
  return ASSET_FILE.test(path) && !/(^|\/)sw\.js$/i.test(path);
}

/** Answers under /api hold one user's data: no browser history or shared proxy may keep them (routes may override). */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};

export const CROSS_ORIGIN_MESSAGE = 'Cross-origin request refused';
const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Called by other servers, not browsers, and verified by their own signature (paths relative to /api). */
const SERVER_TO_SERVER_PATHS = new Set(['/stripe/webhook']);

/** `https://Example.com:443/page` → `https://example.com`; undefined for anything that is not a URL (e.g. `null`). */
function originOf(url: string): string | undefined {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * CSRF defence for state-changing requests: a browser names the page's origin in `Origin` (or at least `Referer`),
 * and only our own pages may change state. A request with neither header comes from a non-browser client (curl,
 * a server) that has no victim's cookie to abuse; browser form posts from other sites also lose the session
 * cookie to SameSite=Lax. Our own origin is the request's host, PUBLIC_ORIGIN (behind a proxy that rewrites the
 * host or terminates TLS) and, in dev mode, the webpack dev servers that proxy /api.
 */
export function refuseCrossOrigin(config: Pick<Config, 'remotesMode' | 'publicOrigin'>): RequestHandler {
  const configured = new Set<string>(config.remotesMode === 'dev' ? devServerOrigins() : []);
  if (config.publicOrigin) configured.add(config.publicOrigin);
  return (req, _res, next) => {
    if (!STATE_CHANGING_METHODS.has(req.method) || SERVER_TO_SERVER_PATHS.has(req.path.replace(/\/$/, ''))) {
      return next();
    }
    const claimed = req.get('origin') ?? req.get('referer');
    if (claimed === undefined) return next();
    const origin = originOf(claimed);
    const own = originOf(`${req.protocol}://${req.get('host')}`);
    if (origin !== undefined && (origin === own || configured.has(origin))) return next();
    next(new HttpError(403, CROSS_ORIGIN_MESSAGE));
  };
}
