/**
 * The HTML of each page the api serves (issue #25, "No waterfall"): the shell's index.html (or the standalone
 * landing page for `/`), with what the browser would otherwise learn one round trip at a time written into its head:
 *
 * - the visitor's remote map, exactly what GET /api/remotes would answer them (the same `RemoteMaps`, so the same
 *   cohort), as a JSON data block `<script type="application/json" id="hit-remotes">`. A data block is never run, so
 *   the Content-Security-Policy needs no nonce or hash for it (script-src stays `'self'`) and a copy of the page kept
 *   by the service worker needs none either;
 * - preloads of the page's remote as the shell will load it: its mf-manifest.json (fetched by the federation runtime
 *   with `fetch(url, {})`: same-origin credentials, hence `crossorigin="anonymous"`), its remoteEntry.js and the
 *   chunks the exposed module needs first (classic scripts without a crossorigin attribute, as the runtime and
 *   webpack add them), from that version's mf-manifest.json;
 * - for a signed-in visitor of the app (the session names a user, so nothing answers 401, and the browser holds the
 *   "signed in" hint cookie, so the app asks), the answers of GET /api/user and of the screen's first reads, its
 *   premium ones too when the user's access allows them (else they would be 402s), as a second data block
 *   `hit-reads` (`{ [path]: answer }`): no request for them is left to make. A history of megabytes (LARGE_READS)
 *   is preloaded instead, as the app fetches it (`credentials: 'include'`, hence `crossorigin="use-credentials"`);
 *   so is GET /api/user on the landing page, which has no query cache to put an answer in;
 * - for a signed-in visitor of the landing page (HTML rendered at build time, no React), the style that shows its
 *   spinner instead of the landing page while its script asks who is signed in (@hit/contracts landingPage.ts).
 *
 * The files are parsed once per build (kept until the file on disk changes), never re-read per request.
 */
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import {
  LARGE_READS,
  pageRendersRemote,
  remotePageAt,
  type RemoteEntry,
  type RemoteMap,
  type RemotePage,
} from '@hit/contracts';
import { hasSignedInHint, INLINED_READS_ELEMENT_ID, LANDING_CHECKING_STYLE } from '@hit/contracts/rules';
import { loadedSessionUser, type SessionUser } from './auth/sessionUser';
import { logger } from './logger';
import { remoteDistDir } from './remoteBuilds';
import type { RemoteMaps } from './routes/remotes';
import { subscriptionStatusOf } from './services/access';

/** The id of the data block holding the remote map (read by @hit/platform's inlinedRemoteMap). */
export const REMOTE_MAP_ELEMENT_ID = 'hit-remotes';

/** Which page a file is: the app (the shell's index.html) or the standalone landing page. */
export type PageKind = 'app' | 'landing';

export type PageRenderer = (req: Request, res: Response, file: string, kind: PageKind) => Promise<void>;

/**
 * A GET of the api answered in this process as it would answer the page's browser (the page request's cookies), with
 * no network in between: its status and body.
 */
export type ApiReader = (path: string, req: Request) => Promise<{ status: number; body: string }>;

interface PageDeps {
  /** Folder holding `<remote folder>/dist/<version>/`. */
  staticRoot: string;
  /** The session middleware of /api: who is signed in decides the cohort and the data preloads. */
  sessions: RequestHandler;
  maps: RemoteMaps;
  /** How the page reads what it writes in for a signed-in visitor. */
  readApi: ApiReader;
}

const ownApiAgent = new http.Agent({ keepAlive: true });

/**
 * The page's reads, asked of this very server (the address the page request came in on) with the page request's
 * cookies: the same session, access checks and answers as the browser's own GET, with none of the api's logic said
 * twice, over loopback instead of the browser's network.
 */
export const readOwnApi: ApiReader = (path, req) =>
  new Promise((resolve, reject) => {
    const { localAddress, localPort } = req.socket;
    const request = http.get(
      {
        agent: ownApiAgent,
        host: localAddress,
        port: localPort,
        path,
        headers: { accept: 'application/json', ...(req.headers.cookie && { cookie: req.headers.cookie }) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });

/**
 * How long a page waits for the reads it writes in: a read not answered by then is left out (the screen asks for it
 * itself), so a slow database never holds the whole page back much longer than the screen would wait anyway.
 */
export const INLINED_READS_WAIT_MS = 1000;

/** A file's parsed form, parsed again only when the file changes (a new build). */
function parsedFiles<T>(parse: (text: string) => T): (file: string) => Promise<T> {
  const cache = new Map<string, { stamp: string; value: T }>();
  return async (file) => {
    const info = await stat(file);
    const stamp = `${info.ino}:${info.size}:${info.mtimeMs}`;
    const cached = cache.get(file);
    if (cached?.stamp === stamp) return cached.value;
    const value = parse(await readFile(file, 'utf8'));
    cache.set(file, { stamp, value });
    return value;
  };
}

interface Template {
  /** The page with `head` written just before `</head>`. */
  render(head: string): string;
  /**
   * The `Link` header naming the scripts the page preloads (the shell's startup chunks, largest first: config/
   * webpack.factory.js, PreloadStartupChunksPlugin), or undefined without any: the browser starts them when the
   * headers arrive instead of once it has parsed the head, and the largest gets the connection the page came on.
   */
  link: string | undefined;
}

/** Where the head's additions go: before `</head>`, else (a page without one) before `<body>`, else after the doctype. */
function insertionPoint(html: string): number {
  for (const tag of [/<\/head>/i, /<body[\s>]/i]) {
    const at = html.search(tag);
    if (at !== -1) return at;
  }
  return /^\s*<!doctype[^>]*>/i.exec(html)?.[0].length ?? 0;
}

function parseTemplate(html: string): Template {
  const at = insertionPoint(html);
  const before = html.slice(0, at);
  const after = html.slice(at);
  // Paths as webpack names its files (nothing a header would need to escape).
  const scripts = [...html.matchAll(/<link rel="preload" as="script" href="([\w./-]+)"/g)].map(([, href]) => href);
  const link = scripts.map((href) => `<${href}>; rel=preload; as=script`).join(', ') || undefined;
  return { render: (head) => (head ? `${before}${head}${after}` : html), link };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };
const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (char) => HTML_ESCAPES[char]);

/** JSON that cannot end its <script> element or open a comment inside it. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function remoteMapBlock(map: RemoteMap): string {
  return `<script type="application/json" id="${REMOTE_MAP_ELEMENT_ID}">${scriptSafeJson(map)}</script>`;
}

type Preload = { href: string; as: 'fetch' | 'script' | 'style'; crossorigin?: 'anonymous' | 'use-credentials' };

function preloadLink({ href, as, crossorigin }: Preload): string {
  const cors = crossorigin ? ` crossorigin="${crossorigin}"` : '';
  return `<link rel="preload" href="${escapeAttribute(href)}" as="${as}"${cors} />`;
}

/** An api read, as the app's fetch sends it (credentials included). */
const apiRead = (href: string): Preload => ({ href, as: 'fetch', crossorigin: 'use-credentials' });

/** The part of an mf-manifest.json read here. */
interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { name?: unknown; path?: unknown; assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } } }[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** `/remotes/<folder>/<version>/mf-manifest.json`: a published build this api serves (not a dev server's). */
const SERVED_MANIFEST = /^\/remotes\/([a-z0-9-]+)\/([0-9A-Za-z.+-]+)\/mf-manifest\.json$/;

/**
 * Whether the app will take this visitor for signed in: the session names a user (so GET /api/user answers 200, not
 * 401) and the browser holds the hint (so the app asks for the user at all, and the preloads are used).
 */
function appSeesSignedIn(req: Request): boolean {
  const user = signedInUserId(req);
  // Without the hint (@hit/contracts/rules signedIn.ts) the app does not ask for the user: a preload would go unused.
  return user !== undefined && hasSignedInHint(req.headers.cookie);
}

function signedInUserId(req: Request): string | undefined {
  const user = (req.session as { passport?: { user?: unknown } } | undefined)?.passport?.user;
  return typeof user === 'string' && user !== '' ? user : undefined;
}

/**
 * The signed-in visitor's user if they may read premium data, by the copy of their user the session carries
 * (auth/sessionUser.ts), whatever its age: only a preload hangs on it, the api decides each read again. Without a
 * copy, undefined.
 */
function userWithAccess(req: Request): SessionUser | undefined {
  const userId = signedInUserId(req);
  const user = userId === undefined ? undefined : loadedSessionUser(req, userId, Date.now(), Infinity);
  return user && subscriptionStatusOf(user).canAccessFeatures ? user : undefined;
}

/** The api reads the page's screen asks for first, for a signed-in visitor. */
function firstReadsOf(page: RemotePage, req: Request): string[] {
  const premium = page.premiumReads && userWithAccess(req) ? page.premiumReads : [];
  return [...(page.firstReads ?? []), ...premium];
}

/** Runs the session middleware; resolves with its error (the session store unreachable) instead of failing. */
function loadSession(sessions: RequestHandler, req: Request, res: Response): Promise<unknown> {
  return new Promise((resolve) => {
    void sessions(req, res, (error?: unknown) => resolve(error));
  });
}

/**
 * The answers to `paths` this visitor's browser would get, each parsed, by path: those answered 200 with JSON within
 * INLINED_READS_WAIT_MS. Anything else (a 402, an error, a slow read) is left out for the screen to ask and show.
 */
export async function readAnswers(
  readApi: ApiReader,
  paths: readonly string[],
  req: Request,
): Promise<Record<string, unknown>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>(
    (resolve) => (timer = setTimeout(() => resolve(undefined), INLINED_READS_WAIT_MS)),
  );
  const answers = await Promise.all(
    paths.map((path) =>
      Promise.race([
        readApi(path, req).then(
          ({ status, body }) => (status === 200 ? ([path, JSON.parse(body)] as const) : undefined),
          () => undefined,
        ),
        late,
      ]),
    ),
  );
  clearTimeout(timer);
  return Object.fromEntries(answers.filter((answer) => answer !== undefined));
}

export function pageRenderer({ staticRoot, sessions, maps, readApi }: PageDeps): PageRenderer {
  const templates = parsedFiles(parseTemplate);
  const manifests = parsedFiles((text) => JSON.parse(text) as RemoteManifest);
  const warned = new Set<string>();
  const warnOnce = (message: string, details: Record<string, unknown>) => {
    if (warned.has(message)) return;
    warned.add(message);
    logger.warn(message, details);
  };

  /** The files the page's remote loads first, in the order the shell asks for them. */
  async function remotePreloads(entry: RemoteEntry, expose: string): Promise<Preload[]> {
    const served = SERVED_MANIFEST.exec(entry.entry);
    if (!served) return [];
    const [, folder, version] = served;
    let manifest: RemoteManifest;
    try {
      manifest = await manifests(path.join(remoteDistDir(staticRoot, folder), version, 'mf-manifest.json'));
    } catch (error) {
      // The map names it, so the shell will ask for it and report the failure; the page just loses its preloads.
      warnOnce(`no preloads for ${entry.entry}: its manifest is unreadable`, { reason: (error as Error).message });
      return [];
    }
    const base = `${path.posix.dirname(entry.entry)}/`;
    const url = (file: string) => new URL(file, `http://api${base}`).pathname;
    const remoteEntry = manifest.metaData?.remoteEntry;
    const entryFile =
      typeof remoteEntry?.name === 'string'
        ? `${typeof remoteEntry.path === 'string' && remoteEntry.path ? `${remoteEntry.path.replace(/\/$/, '')}/` : ''}${remoteEntry.name}`
        : 'remoteEntry.js';
    const exposed = (manifest.exposes ?? []).find(
      ({ name, path: exposePath }) => name === expose || exposePath === `./${expose}`,
    );
    return [
      { href: entry.entry, as: 'fetch', crossorigin: 'anonymous' },
      { href: url(entryFile), as: 'script' },
      ...strings(exposed?.assets?.css?.sync).map((file): Preload => ({ href: url(file), as: 'style' })),
      ...strings(exposed?.assets?.js?.sync).map((file): Preload => ({ href: url(file), as: 'script' })),
    ];
  }

  /**
   * What goes into the page's head for this visitor ('' when the page goes out as built), and whether it holds their
   * data (the answers of their reads).
   */
  async function headFor(req: Request, res: Response, kind: PageKind): Promise<{ head: string; private: boolean }> {
    const sessionError = await loadSession(sessions, req, res);
    if (sessionError) {
      // Without the session the cohort of a signed-in visitor is unknown: the shell asks GET /api/remotes itself.
      warnOnce('pages go out without their remote map: the session store is unreachable', {
        reason: (sessionError as Error).message,
      });
      return { head: '', private: false };
    }
    const signedIn = appSeesSignedIn(req);
    if (kind === 'landing') {
      // The landing page asks who is signed in, to send them on to /home, with a fetch of its own: no query cache.
      // Meanwhile it shows the spinner instead of the landing page, from its first paint (@hit/contracts landingPage).
      return { head: signedIn ? `${LANDING_CHECKING_STYLE}${preloadLink(apiRead('/api/user'))}` : '', private: false };
    }
    const preloads: Preload[] = [];
    // Every page of the app asks who is signed in.
    const reads = signedIn ? ['/api/user'] : [];
    let mapBlock = '';
    let map: RemoteMap | undefined;
    try {
      map = await maps.mapFor(req, res);
    } catch (error) {
      warnOnce('a page went out without its remote map', { reason: (error as Error).message });
    }
    if (map) mapBlock = remoteMapBlock(map);
    const page = remotePageAt(req.path);
    if (map && page && pageRendersRemote(page, signedIn)) {
      const [remoteName, expose] = page.expose.split('/');
      const entry = map.remotes.find(({ name }) => name === remoteName);
      if (entry) preloads.push(...(await remotePreloads(entry, expose)));
      if (signedIn) reads.push(...firstReadsOf(page, req));
    }
    const answers = await readAnswers(
      readApi,
      reads.filter((read) => !LARGE_READS.includes(read)),
      req,
    );
    preloads.push(...reads.filter((read) => LARGE_READS.includes(read)).map(apiRead));
    const inlined = Object.keys(answers).length > 0;
    const readsBlock = inlined
      ? `<script type="application/json" id="${INLINED_READS_ELEMENT_ID}">${scriptSafeJson(answers)}</script>`
      : '';
    return { head: `${mapBlock}${readsBlock}${preloads.map(preloadLink).join('')}`, private: inlined };
  }

  return async (req, res, file, kind) => {
    const template = await templates(file);
    const { head, private: holdsData } = await headFor(req, res, kind);
    // The page names this visitor's map: no shared cache may keep it, and the browser asks every time. With their
    // data in it, no cache at all may, as none may keep the api's answers (no-store, security.ts).
    res.set('Cache-Control', holdsData ? 'private, no-store' : head ? 'private, no-cache' : 'no-cache');
    if (template.link) res.set('Link', template.link);
    res.type('html').send(template.render(head));
  };
}
