import request from 'supertest';
import { buildTestApp, makeStaticRoot, startTestDatabase, type TestDatabase } from './helpers';

/** Issue #17: what the browser needs to install the app and run its service worker, as the api serves it. */
describe('the installable app’s files', () => {
  let database: TestDatabase;
  let staticRoot: Awaited<ReturnType<typeof makeStaticRoot>>;
  let app: ReturnType<typeof buildTestApp>;

  beforeAll(async () => {
    database = await startTestDatabase();
    staticRoot = await makeStaticRoot({
      'shell/dist/index.html': '<!doctype html><html><body><div id="root"></div></body></html>',
      'shell/dist/sw.js': 'self.addEventListener("fetch", () => undefined);',
      'shell/dist/manifest.webmanifest': JSON.stringify({ name: 'HIT Tracker', start_url: '/home' }),
      'shell/dist/icons/icon-192.png': 'png',
      'shell/dist/icons/icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    app = buildTestApp(database, {}, staticRoot.root);
  });
  afterAll(async () => {
    await database.close();
    await staticRoot.remove();
  });

  it('serves the service worker from / as JavaScript, revalidated on every check so a new release is seen', async () => {
    const response = await request(app).get('/sw.js').expect(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    // Served from the scope it controls (/), so no Service-Worker-Allowed header is needed.
    expect(response.headers['service-worker-allowed']).toBeUndefined();
  });

  it('serves the web app manifest as application/manifest+json, revalidated', async () => {
    const response = await request(app).get('/manifest.webmanifest').expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(response.text)).toMatchObject({ name: 'HIT Tracker', start_url: '/home' });
  });

  it.each([
    ['/icons/icon-192.png', /^image\/png/],
    ['/icons/icon.svg', /^image\/svg\+xml/],
  ])('serves %s with its image type', async (path, type) => {
    const response = await request(app).get(path).expect(200);
    expect(response.headers['content-type']).toMatch(type);
  });

  it('lets the page register a worker and read a manifest of its own origin only', async () => {
    const response = await request(app).get('/sw.js').expect(200);
    const csp = response.headers['content-security-policy'];
    expect(csp).toMatch(/worker-src 'self'(;|$)/);
    expect(csp).toMatch(/manifest-src 'self'(;|$)/);
  });
});
