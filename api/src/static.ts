import { stat } from 'node:fs/promises';
import path from 'node:path';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import { REMOTES } from '@hit/contracts';
import { HttpError } from './errors';
import type { PageRenderer } from './pages';
import { isVersion, remoteDistDir } from './remoteBuilds';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/** `name.<contenthash>.js` (webpack chunkFilename): a new build gives a new name, so a year is safe. */
const CONTENT_HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i;

/**
 * Everything else keeps its name across builds (index.html, mf-manifest.json, remoteEntry.js, mf-stats.json,
 * `[name].js` entries — even inside a version folder, which a rebuild of the same version overwrites — and the
 * service worker sw.js, the web app manifest and the icons): the browser revalidates it every time (a cheap 304
 * thanks to the ETag), so a new release's worker is seen at the next check. The manifest is served as
 * application/manifest+json (its .webmanifest extension).
 */
function cacheControl(res: Response, filePath: string): void {
  const name = path.basename(filePath).replace(BROTLI_TWIN, '');
  res.setHeader('Cache-Control', CONTENT_HASHED.test(name) ? IMMUTABLE : NO_CACHE);
}

/** The brotli twin of a built file (config/webpack.factory.js, brotliTwins): `<file>.br`. */
const BROTLI_TWIN = /\.br$/;

// The ETag is the one validator sent (Last-Modified would say the same again, on every file).
const staticOptions = {
  index: false,
  cacheControl: false,
  lastModified: false,
  redirect: false,
  setHeaders: cacheControl,
} as const;

/**
 * Source maps stay on the server, for reading error reports (config/webpack.factory.js writes them hidden): a request
 * for one, however its path is spelled (`%2Emap`, `.MAP`), is passed on to the 404.
 */
function isSourceMapRequest(req: Request): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(req.path);
  } catch {
    // A malformed escape: express.static refuses it on its own.
    return false;
  }
  return /\.map$/i.test(decoded);
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The path under `dir` of the file a GET or HEAD asks for, when the browser accepts brotli and the build wrote the
 * file's brotli twin beside it; else undefined. The file itself must be there too: a twin never stands in for a file
 * that is gone.
 */
async function brotliTwinOf(req: Request, dir: string): Promise<string | undefined> {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || req.acceptsEncodings('br') !== 'br') return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(req.path);
  } catch {
    return undefined;
  }
  const file = path.join(dir, decoded);
  if (decoded.includes('\0') || !file.startsWith(dir + path.sep) || BROTLI_TWIN.test(file)) return undefined;
  const [plain, twin] = await Promise.all([isFile(file), isFile(`${file}.br`)]);
  return plain && twin ? file : undefined;
}

/**
 * express.static for everything but source maps; a file with a brotli twin goes out as that twin (Content-Encoding
 * br, the file's own type and cache policy), to a browser that accepts brotli (issue #25). Each request looks for
 * the twin on disk: a remote's new version is published while the api runs (express-static-gzip, which lists the
 * folder once at start, would miss it).
 */
function publicFiles(dir: string): RequestHandler {
  const serve = express.static(dir, staticOptions);
  const root = path.resolve(dir);
  return (req, res, next) => {
    if (isSourceMapRequest(req)) return next();
    res.vary('Accept-Encoding');
    brotliTwinOf(req, root).then((file) => {
      if (!file) return serve(req, res, next);
      const url = req.url;
      const queryAt = url.indexOf('?');
      req.url = queryAt === -1 ? `${url}.br` : `${url.slice(0, queryAt)}.br${url.slice(queryAt)}`;
      res.type(path.extname(file));
      res.setHeader('Content-Encoding', 'br');
      serve(req, res, (error?: unknown) => {
        // Not sent after all (the twin went away meanwhile): on as if there were none.
        req.url = url;
        res.removeHeader('Content-Encoding');
        res.removeHeader('Content-Type');
        next(error);
      });
    }, next);
  };
}

/** `/remotes/<folder>/<version>/…` from `<root>/<folder>/dist/<version>/`, for the four known remotes only. */
export function remoteFiles(root: string): Router {
  const router = Router();
  for (const { folder } of REMOTES) {
    const serve = publicFiles(remoteDistDir(root, folder));
    router.use(`/${folder}`, (req, res, next) => {
      // Only versioned build folders are public, not whatever else sits in dist/.
      const version = req.path.split('/')[1] ?? '';
      return isVersion(version) ? serve(req, res, next) : next();
    });
  }
  return router;
}

/** Page routes the shell's router renders (its own 404 screen included), as opposed to missing files. */
function wantsShellPage(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (/^\/(api|remotes)(\/|$)/.test(req.path)) return false;
  const lastSegment = req.path.slice(req.path.lastIndexOf('/') + 1);
  // A missing /chunk.js must stay a 404, not become HTML the browser tries to run.
  return !lastSegment.includes('.') && Boolean(req.accepts('html'));
}

/**
 * The shell's production build at `/`, with index.html for every page route (SPA fallback). Exactly `/` gets the
 * standalone landing page (shell/dist/landing/index.html: the landing components without module federation, the
 * router or the query client: docs/architecture.md, "Landing page"); its links load index.html at their page. Without
 * that build, `/` gets index.html, whose router renders the same landing page. Each page goes through `render`
 * (pages.ts: the visitor's remote map and preloads in its head); index.html asked for by name is the file as built,
 * the copy the service worker keeps for offline starts.
 */
export function shellFiles(root: string, render: PageRenderer): Router {
  const dist = path.join(root, 'shell', 'dist');
  const indexHtml = path.join(dist, 'index.html');
  const landingHtml = path.join(dist, 'landing', 'index.html');
  const router = Router();
  router.use(publicFiles(dist));

  router.use(async (req, res, next) => {
    if (!wantsShellPage(req)) return next();
    const notBuilt = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
    try {
      if (req.path === '/') {
        try {
          return await render(req, res, landingHtml, 'landing');
        } catch (error) {
          if (!notBuilt(error) || res.headersSent) throw error;
        }
      }
      await render(req, res, indexHtml, 'app');
    } catch (error) {
      next(notBuilt(error) ? new HttpError(404, 'The shell is not built: run `npm run build`') : error);
    }
  });
  return router;
}
