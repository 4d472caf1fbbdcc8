// Bundles (issue #10 item 1), in Chromium against the production api: JavaScript transferred (encoded body bytes,
// gzip: the context accepts only gzip, the budgets' unit; Chromium would get brotli otherwise) per route, each in a fresh context (cold cache), counted until load and 500 ms without a request.
//   /          anonymous: all scripts (the landing page's initial JS)
//   /auth      anonymous: scripts under /remotes/mf-auth/
//   /home      signed in: scripts under /remotes/mf-workout/; then the account panel opened: /remotes/mf-account/
//   /progress  signed in (a user with 1k entries, so the charts draw): scripts under /remotes/mf-analytics/
// Also: any script of a remote other than the route's own, and whether d3 was loaded outside /progress.
const { newContext, recordRequests, ownerOf, containsD3 } = require('./browser');

const ROUTES = [
  { name: '/', remote: null, signedIn: false, ready: null },
  {
    name: '/auth',
    remote: 'mf-auth',
    signedIn: false,
    ready: (page) => page.getByRole('button', { name: 'Sign In' }).waitFor(),
  },
  {
    name: '/home',
    remote: 'mf-workout',
    signedIn: true,
    ready: (page) => page.getByRole('button', { name: 'Start Workout' }).waitFor(),
    then: {
      name: 'account panel',
      remote: 'mf-account',
      act: async (page) => {
        await page.getByRole('button', { name: 'Account' }).click();
        await page.getByRole('dialog', { name: 'Account details' }).waitFor();
      },
    },
  },
  {
    name: '/progress',
    remote: 'mf-analytics',
    signedIn: true,
    withHistory: true,
    // The charts too: their code (d3 with them) is a chunk the screen asks for after its first frame.
    ready: async (page) => {
      await page.getByRole('heading', { name: 'Weight Progression' }).waitFor();
      await page.getByTestId('weight-chart').waitFor();
    },
  },
];

function summarize(scripts, ownRemote) {
  const totalBytes = scripts.reduce((sum, s) => sum + s.bodyBytes, 0);
  const ownBytes = scripts.filter((s) => ownerOf(s.path) === ownRemote).reduce((sum, s) => sum + s.bodyBytes, 0);
  const foreign = [
    ...new Set(scripts.map((s) => ownerOf(s.path)).filter((owner) => owner !== 'shell' && owner !== ownRemote)),
  ];
  const d3 = scripts.filter((s) => containsD3(s.path)).map((s) => s.path);
  return { totalBytes, ownBytes, foreign, d3, count: scripts.length, paths: scripts.map((s) => s.path) };
}

async function measureBundles({ browser, baseUrl, cookie, progressCookie = cookie }) {
  const results = [];
  for (const route of ROUTES) {
    const signedInAs = route.withHistory ? progressCookie : cookie;
    const context = await newContext(browser, baseUrl, {
      cookie: route.signedIn ? signedInAs : undefined,
      gzipOnly: true,
      // What the network carries on a first visit: the service worker precaches every remote of the map after /home
      // loads (issue #17), and a panel opened after that came from its cache, measured as nothing (or less).
      serviceWorkers: 'block',
    });
    try {
      const page = await context.newPage();
      const recorder = recordRequests(page);
      await page.goto(route.name, { waitUntil: 'load' });
      if (route.ready) await route.ready(page);
      await recorder.idle(500);
      const before = recorder.scripts().slice();
      results.push({ route: route.name, remote: route.remote, ...summarize(before, route.remote) });
      if (route.then) {
        await route.then.act(page);
        await recorder.idle(500);
        const after = recorder.scripts().filter((s) => !before.includes(s));
        // The panel's own code: everything it loaded; a foreign remote is one neither /home's nor the panel's.
        const summary = summarize(after, route.then.remote);
        summary.foreign = summary.foreign.filter((owner) => owner !== route.remote);
        results.push({ route: `${route.name} + ${route.then.name}`, remote: route.then.remote, ...summary });
      }
    } finally {
      await context.close();
    }
  }
  return results;
}

module.exports = { measureBundles };
