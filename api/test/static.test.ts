import { brotliCompressSync } from 'node:zlib';
import request from 'supertest';
import { errorBodySchema } from '@hit/contracts';
import { buildTestApp, makeStaticRoot, startTestDatabase, type TestDatabase } from './helpers';
import { strictObject } from 'zod/mini';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const indexHtml = '<!doctype html><html><body><div id="root"></div><script src="/main.js"></script></body></html>';
const landingHtml =
  '<!doctype html><html><body><div id="root"></div><script src="/landing/landing.0a1b2c3d4e5f6a7b.js"></script></body></html>';
const html = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
/** A page as built: without the remote map and preloads the api writes into it for each visitor (pages.test.ts). */
const withoutRemoteMap = (page: string) =>
  page
    .replace(/<script type="application\/json" id="hit-remotes">[^<]*<\/script>/, '')
    .replace(/<link rel="preload"[^>]*\/>/g, '');
const bigScript = `/* ${'padding '.repeat(2000)} */`;
const remoteEntry = `var mf_auth; /* ${'remote entry '.repeat(200)} */`;
/** The brotli twins a production build writes beside its files (config/webpack.factory.js, brotliTwins). */
const bigScriptTwin = brotliCompressSync(bigScript);
const remoteEntryTwin = brotliCompressSync(remoteEntry);
/** What Chromium sends (over plain http on loopback too). */
const CHROMIUM_ENCODINGS = 'gzip, deflate, br, zstd';
const SOURCE_MAP = '{"version":3,"sources":["webpack://@hit/shell/./src/secret-source.ts"],"mappings":""}';
/** The environment a production api needs to start (config.ts), as the tests give it. */
const PRODUCTION_ENV = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32), PUBLIC_ORIGIN: 'https://hit.example' };

describe('static files', () => {
  let database: TestDatabase;
  let staticRoot: Awaited<ReturnType<typeof makeStaticRoot>>;
  let app: ReturnType<typeof buildTestApp>;

  beforeAll(async () => {
    database = await startTestDatabase();
    staticRoot = await makeStaticRoot({
      'shell/dist/index.html': indexHtml,
      'shell/dist/main.js': 'console.log("shell entry")',
      'shell/dist/landing/index.html': landingHtml,
      'shell/dist/landing/landing.0a1b2c3d4e5f6a7b.js': 'console.log("landing page")',
      'shell/dist/412.3f9a0c1d2e4b5a6c.js': 'console.log("shell chunk")',
      'shell/dist/big.0123456789abcdef.js': bigScript,
      'shell/dist/big.0123456789abcdef.js.br': bigScriptTwin,
      // A twin whose file is gone (a release's files removed by hand): never served in its place.
      'shell/dist/gone.0123456789abcdef.js.br': bigScriptTwin,
      'mf-auth/dist/1.0.0/mf-manifest.json': '{"id":"mf_auth"}',
      'mf-auth/dist/1.0.0/mf-stats.json': '{}',
      'mf-auth/dist/1.0.0/remoteEntry.js': remoteEntry,
      'mf-auth/dist/1.0.0/remoteEntry.js.br': remoteEntryTwin,
      'mf-auth/dist/1.0.0/main.js': 'console.log("remote entry")',
      'mf-auth/dist/1.0.0/__federation_expose_AuthPage.8d7e6f5a4b3c2d1e.js': 'export {}',
      'mf-auth/dist/notes.txt': 'not a build',
      'shell/dist/main.js.map': SOURCE_MAP,
      'shell/dist/412.3f9a0c1d2e4b5a6c.js.map': SOURCE_MAP,
      'shell/dist/landing/landing.0a1b2c3d4e5f6a7b.js.map': SOURCE_MAP,
      'mf-auth/dist/1.0.0/remoteEntry.js.map': SOURCE_MAP,
      'mf-auth/dist/1.0.0/__federation_expose_AuthPage.8d7e6f5a4b3c2d1e.js.map': SOURCE_MAP,
      'mf-rogue/dist/1.0.0/mf-manifest.json': '{}',
      'shell/dist/sw.js': 'self.addEventListener("fetch", () => {});',
      'shell/dist/icons/icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    app = buildTestApp(database, {}, staticRoot.root);
  });
  afterAll(async () => {
    await database.close();
    await staticRoot.remove();
  });

  describe('remote builds under /remotes/<folder>/<version>/', () => {
    it('serves content-hashed chunks as immutable for a year', async () => {
      const response = await request(app)
        .get('/remotes/mf-auth/1.0.0/__federation_expose_AuthPage.8d7e6f5a4b3c2d1e.js')
        .expect(200);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers['content-type']).toMatch(/javascript/);
    });

    it.each(['mf-manifest.json', 'remoteEntry.js', 'mf-stats.json', 'main.js'])(
      'serves %s (same name in every build) with no-cache',
      async (file) => {
        const response = await request(app).get(`/remotes/mf-auth/1.0.0/${file}`).expect(200);
        expect(response.headers['cache-control']).toBe('no-cache');
      },
    );

    it('answers a revalidation of an unchanged manifest with 304', async () => {
      const first = await request(app).get('/remotes/mf-auth/1.0.0/mf-manifest.json').expect(200);
      await request(app)
        .get('/remotes/mf-auth/1.0.0/mf-manifest.json')
        .set('If-None-Match', first.headers.etag)
        .expect(304);
    });

    it.each([
      '/remotes/mf-auth/1.0.0/missing.js',
      '/remotes/mf-auth/notes.txt',
      '/remotes/mf-rogue/1.0.0/mf-manifest.json',
      '/remotes/mf-auth/1.0.0/../../../shell/dist/index.html',
    ])('answers %s with a JSON 404', async (url) => {
      const response = await request(app).get(url).set('Accept', html).expect(404);
      expect(response.body).toEqual({ message: 'Not found' });
    });
  });

  describe('the shell at /', () => {
    it('serves the standalone landing page at exactly / with no-cache, its script as immutable', async () => {
      const response = await request(app).get('/').set('Accept', html).expect(200);
      expect(response.text).toBe(landingHtml);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      const script = await request(app).get('/landing/landing.0a1b2c3d4e5f6a7b.js').expect(200);
      expect(script.headers['cache-control']).toBe(IMMUTABLE);
    });

    it('serves index.html at / when the landing page is not built (the shell router renders the landing page)', async () => {
      const shellOnly = await makeStaticRoot({ 'shell/dist/index.html': indexHtml });
      try {
        const response = await request(buildTestApp(database, {}, shellOnly.root))
          .get('/')
          .set('Accept', html)
          .expect(200);
        expect(withoutRemoteMap(response.text)).toBe(indexHtml);
        expect(response.headers['cache-control']).toBe('private, no-cache');
      } finally {
        await shellOnly.remove();
      }
    });

    it('serves the non-hashed entry with no-cache and hashed chunks as immutable', async () => {
      const entry = await request(app).get('/main.js').expect(200);
      expect(entry.headers['cache-control']).toBe('no-cache');
      const chunk = await request(app).get('/412.3f9a0c1d2e4b5a6c.js').expect(200);
      expect(chunk.headers['cache-control']).toBe(IMMUTABLE);
    });

    it('compresses what it serves', async () => {
      const response = await request(app).get('/big.0123456789abcdef.js').set('Accept-Encoding', 'gzip').expect(200);
      expect(response.headers['content-encoding']).toBe('gzip');
    });

    it.each(['/home', '/progress', '/analytics', '/auth', '/some/unknown'])(
      "answers the page route %s with index.html (carrying the visitor's remote map) so the shell router renders it",
      async (url) => {
        const response = await request(app).get(url).set('Accept', html).expect(200);
        expect(withoutRemoteMap(response.text)).toBe(indexHtml);
        // The map is the visitor's (pages.test.ts checks the rest): no shared cache may keep the page.
        expect(response.headers['cache-control']).toBe('private, no-cache');
      },
    );

    it('keeps a missing script a 404 instead of answering HTML', async () => {
      const response = await request(app).get('/missing.7a7a7a7a7a7a7a7a.js').set('Accept', '*/*').expect(404);
      expect(response.body).toEqual({ message: 'Not found' });
    });

    it('explains a missing shell build instead of failing obscurely', async () => {
      const empty = await makeStaticRoot({});
      try {
        const response = await request(buildTestApp(database, {}, empty.root))
          .get('/home')
          .set('Accept', html);
        expect(response.status).toBe(404);
        expect(response.body.message).toMatch(/shell is not built/);
      } finally {
        await empty.remove();
      }
    });
  });

  describe('brotli twins (issue #25)', () => {
    it("sends a hashed chunk's twin to a browser that accepts brotli: the file's type, policy and content", async () => {
      const response = await request(app).get('/big.0123456789abcdef.js').set('Accept-Encoding', CHROMIUM_ENCODINGS);
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      // The twin as built, not the file compressed on the fly (which goes out chunked, without a length).
      expect(response.headers['content-length']).toBe(String(bigScriptTwin.length));
      expect(response.headers['content-type']).toMatch(/^text\/javascript/);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
      expect(response.text).toBe(bigScript);
    });

    it("sends a remote's twin from its version folder, with that file's no-cache, and revalidates it", async () => {
      const url = '/remotes/mf-auth/1.0.0/remoteEntry.js';
      const first = await request(app).get(url).set('Accept-Encoding', 'br').expect(200);
      expect(first.headers['content-encoding']).toBe('br');
      expect(first.headers['content-length']).toBe(String(remoteEntryTwin.length));
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.text).toBe(remoteEntry);
      await request(app).get(url).set('Accept-Encoding', 'br').set('If-None-Match', first.headers.etag).expect(304);
    });

    it('compresses on the fly for a browser without brotli, and sends the file as it is to one that asks none', async () => {
      const gzip = await request(app).get('/big.0123456789abcdef.js').set('Accept-Encoding', 'gzip').expect(200);
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.text).toBe(bigScript);
      const plain = await request(app).get('/big.0123456789abcdef.js').set('Accept-Encoding', 'identity').expect(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.text).toBe(bigScript);
    });

    it('never sends a twin for a file that is gone', async () => {
      const response = await request(app)
        .get('/gone.0123456789abcdef.js')
        .set('Accept', '*/*')
        .set('Accept-Encoding', CHROMIUM_ENCODINGS)
        .expect(404);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toEqual({ message: 'Not found' });
    });
  });

  describe('security headers of the built files (issue #25)', () => {
    const DOCUMENT_ONLY = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-frame-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
      'referrer-policy',
    ];

    it.each([
      '/main.js',
      '/412.3f9a0c1d2e4b5a6c.js',
      '/landing/landing.0a1b2c3d4e5f6a7b.js',
      '/remotes/mf-auth/1.0.0/remoteEntry.js',
      '/remotes/mf-auth/1.0.0/mf-manifest.json',
    ])('sends %s with what applies to a script or JSON file, and none of the document-only headers', async (url) => {
      const response = await request(app).get(url).set('Accept-Encoding', CHROMIUM_ENCODINGS).expect(200);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=/);
      expect(response.headers.etag).toBeDefined();
      for (const header of [...DOCUMENT_ONLY, 'last-modified']) expect(response.headers[header]).toBeUndefined();
    });

    it.each(['/sw.js', '/icons/icon.svg', '/home'])(
      "keeps the page's headers on %s (a worker's CSP is its script's; an SVG opened alone can run script)",
      async (url) => {
        const response = await request(app).get(url).set('Accept', html).expect(200);
        expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
        expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      },
    );
  });

  describe('source maps', () => {
    const mapUrls = [
      '/main.js.map',
      '/412.3f9a0c1d2e4b5a6c.js.map',
      '/landing/landing.0a1b2c3d4e5f6a7b.js.map',
      '/remotes/mf-auth/1.0.0/remoteEntry.js.map',
      '/remotes/mf-auth/1.0.0/__federation_expose_AuthPage.8d7e6f5a4b3c2d1e.js.map',
      // Other spellings of the same files.
      '/main.js%2Emap',
      '/main.js%2emap',
      '/main%2Ejs.map',
      '/remotes/mf-auth/1.0.0/remoteEntry.js%2Emap',
    ];

    it.each(mapUrls)('answers %s with a 404 in production, never the map', async (url) => {
      const production = buildTestApp(database, PRODUCTION_ENV, staticRoot.root);
      const response = await request(production).get(url).set('Accept', '*/*').expect(404);
      expect(response.body).toEqual({ message: 'Not found' });
      expect(response.text).not.toContain('secret-source');
    });

    it('keeps them from every other process too (development included) while serving the files they map', async () => {
      for (const url of mapUrls) await request(app).get(url).set('Accept', '*/*').expect(404);
      await request(app).get('/main.js').expect(200);
      await request(app).get('/remotes/mf-auth/1.0.0/remoteEntry.js').expect(200);
    });
  });

  it('answers unknown /api paths with a JSON 404, never the shell page', async () => {
    const response = await request(app).get('/api/nope').set('Accept', html).expect(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(strictObject(errorBodySchema.shape).parse(response.body)).toEqual({ message: 'Not found' });
  });
});
