/** @jest-environment node */
import type { RemoteEntry } from '@hit/contracts';
import {
  APP_PAGE,
  LANDING_PAGE,
  cachingRuleFor,
  foldersToKeep,
  manifestsToWarm,
  offlinePageFor,
  remoteFilesOf,
  remoteVersionFolder,
  type RemoteManifest,
} from './cachingRules';

const origin = 'https://hit.example';
const rule = (path: string, navigation = false) => cachingRuleFor(new URL(path, origin), { origin, navigation });

describe('which requests the service worker answers, and how', () => {
  it.each([
    ['/', 'page'],
    ['/home', 'page'],
    ['/progress', 'page'],
    ['/auth', 'page'],
    ['/no/such/page', 'page'],
  ])('a navigation to %s is a page: network first, the precached page offline', (path, expected) => {
    expect(rule(path, true)).toBe(expected);
  });

  it.each(['/api/user', '/api/billing/demo-checkout', '/remotes/mf-auth/0.1.0/', '/main.js', '/manifest.webmanifest'])(
    'a navigation to %s is left to the network (the api or a file, never a page of the app)',
    (path) => {
      expect(rule(path, true)).toBe('none');
    },
  );

  it('the precached stand-in is the landing page for exactly / and the app for every other page', () => {
    expect(offlinePageFor('/')).toBe(LANDING_PAGE);
    expect(['/home', '/progress', '/auth', '/analytics'].map(offlinePageFor)).toEqual([
      APP_PAGE,
      APP_PAGE,
      APP_PAGE,
      APP_PAGE,
    ]);
  });

  it('GET /api/remotes is the remote map (network first, the last answer offline)', () => {
    expect(rule('/api/remotes')).toBe('remote-map');
  });

  it.each([
    '/api/user',
    '/api/workout-days',
    '/api/progress',
    '/api/sessions/open',
    '/api/remotes/extra',
    '/api/subscription/status',
  ])('never answers %s: user data is the app’s (IndexedDB), not the worker’s', (path) => {
    expect(rule(path)).toBe('none');
  });

  it.each([
    ['/remotes/mf-workout/0.1.0/944.57eee098c320056a5a2b.js', 'remote-hashed'],
    ['/remotes/mf-workout/0.1.0/__federation_expose_WorkoutDashboard.63fc2bd19565beea1630.js', 'remote-hashed'],
    ['/remotes/mf-auth/0.2.0-canary.1/remoteEntry.js', 'remote-named'],
    ['/remotes/mf-auth/0.2.0-canary.1/mf-manifest.json', 'remote-named'],
  ])('a remote version file %s is %s', (path, expected) => {
    // Hashed chunks never change: cache first. The development build rewrites its un-hashed files in place under
    // the same version, so those ask the network first.
    expect(rule(path)).toBe(expected);
  });

  it.each([
    '/remotes/mf-workout/0.1.0/944.57eee098c320056a5a2b.js.map',
    '/remotes/mf-workout/0.1.0/mf-stats.json',
    '/remotes/mf-workout/remoteEntry.js',
  ])('leaves %s alone (developer tools, or not in a version folder)', (path) => {
    expect(rule(path)).toBe('none');
  });

  it('leaves other origins alone, whatever the path (the development map points at the dev servers)', () => {
    const other = (path: string) =>
      cachingRuleFor(new URL(path, 'http://localhost:3011'), { origin, navigation: false });
    expect(other('/remotes/mf-auth/0.1.0/remoteEntry.js')).toBe('none');
    expect(other('/api/remotes')).toBe('none');
  });
});

/** mf-workout's manifest, as @module-federation/enhanced 2.9 writes it (trimmed to what matters). */
const workoutManifest: RemoteManifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      assets: {
        js: {
          sync: ['__federation_expose_WorkoutDashboard.63fc2bd19565beea1630.js'],
          async: ['296.04ed3a0671214db3f210.js', '675.a82f5b15ea99c7998c68.js'],
        },
        css: { sync: [], async: [] },
      },
    },
  ],
  // The remote's own copies of the singletons: the shell provides them, so a page never loads these.
  ...({ shared: [{ assets: { js: { sync: ['696.0431b10b7ab885019ea8.js'], async: [] } } }] } as object),
};

describe('the files of a remote version the worker fetches ahead of time', () => {
  it('are the manifest, remoteEntry.js and every chunk of the exposed screens, not the shared singletons’ copies', () => {
    expect(remoteFilesOf('/remotes/mf-workout/0.1.0/mf-manifest.json', workoutManifest)).toEqual([
      '/remotes/mf-workout/0.1.0/mf-manifest.json',
      '/remotes/mf-workout/0.1.0/remoteEntry.js',
      '/remotes/mf-workout/0.1.0/__federation_expose_WorkoutDashboard.63fc2bd19565beea1630.js',
      '/remotes/mf-workout/0.1.0/296.04ed3a0671214db3f210.js',
      '/remotes/mf-workout/0.1.0/675.a82f5b15ea99c7998c68.js',
    ]);
  });

  it('leave out the chunks only an online action needs (the common-password list)', () => {
    const manifest: RemoteManifest = {
      exposes: [
        {
          assets: {
            js: {
              sync: ['__federation_expose_AuthPage.3617b9843f15815251ce.js'],
              async: [
                '675.86952bf95b15bb0a6c9b.js',
                'common-passwords.c20dd2d4fb0eaac5c247.js',
                'rest-alerts.8094dd95.js',
              ],
            },
          },
        },
      ],
    };
    expect(remoteFilesOf('/remotes/mf-auth/0.1.0/mf-manifest.json', manifest)).toEqual([
      '/remotes/mf-auth/0.1.0/mf-manifest.json',
      '/remotes/mf-auth/0.1.0/remoteEntry.js',
      '/remotes/mf-auth/0.1.0/__federation_expose_AuthPage.3617b9843f15815251ce.js',
      '/remotes/mf-auth/0.1.0/675.86952bf95b15bb0a6c9b.js',
      '/remotes/mf-auth/0.1.0/rest-alerts.8094dd95.js',
    ]);
  });

  it('follow a remoteEntry path and CSS chunks, and list a file once', () => {
    const manifest: RemoteManifest = {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'entry/' } },
      exposes: [
        { assets: { js: { sync: ['a.0123456789.js'], async: [] }, css: { sync: ['a.0123456789.css'], async: [] } } },
        { assets: { js: { sync: ['a.0123456789.js'], async: [] } } },
      ],
    };
    expect(remoteFilesOf('/remotes/mf-auth/1.0.0/mf-manifest.json', manifest)).toEqual([
      '/remotes/mf-auth/1.0.0/mf-manifest.json',
      '/remotes/mf-auth/1.0.0/entry/remoteEntry.js',
      '/remotes/mf-auth/1.0.0/a.0123456789.js',
      '/remotes/mf-auth/1.0.0/a.0123456789.css',
    ]);
  });

  it('still include remoteEntry.js when the manifest has an unexpected shape', () => {
    expect(remoteFilesOf('/remotes/mf-auth/1.0.0/mf-manifest.json', { exposes: [{}] } as RemoteManifest)).toEqual([
      '/remotes/mf-auth/1.0.0/mf-manifest.json',
      '/remotes/mf-auth/1.0.0/remoteEntry.js',
    ]);
  });
});

const stableMap: RemoteEntry[] = [
  { name: 'mf_auth', version: '0.1.0', entry: '/remotes/mf-auth/0.1.0/mf-manifest.json' },
  { name: 'mf_workout', version: '0.1.0', entry: '/remotes/mf-workout/0.1.0/mf-manifest.json' },
  { name: 'mf_analytics', version: '0.1.0', entry: '/remotes/mf-analytics/0.1.0/mf-manifest.json' },
  { name: 'mf_account', version: '0.1.0', entry: '/remotes/mf-account/0.1.0/mf-manifest.json' },
];
const canaryMap: RemoteEntry[] = stableMap.map((remote) =>
  remote.name === 'mf_analytics'
    ? {
        ...remote,
        version: '0.2.0',
        entry: '/remotes/mf-analytics/0.2.0/mf-manifest.json',
        fallbackEntry: remote.entry,
      }
    : remote,
);

describe('the remote versions the worker fetches for a visitor’s map', () => {
  it('are every remote’s entry, so that screens never visited open offline too', () => {
    expect(manifestsToWarm(stableMap, origin)).toEqual(stableMap.map((remote) => remote.entry));
  });

  it('include a canary’s stable fallback: a canary visitor can fall back offline as online', () => {
    expect(manifestsToWarm(canaryMap, origin)).toEqual([
      '/remotes/mf-auth/0.1.0/mf-manifest.json',
      '/remotes/mf-workout/0.1.0/mf-manifest.json',
      '/remotes/mf-analytics/0.2.0/mf-manifest.json',
      '/remotes/mf-analytics/0.1.0/mf-manifest.json',
      '/remotes/mf-account/0.1.0/mf-manifest.json',
    ]);
  });

  it('accept absolute same-origin entries and skip the development servers’ entries', () => {
    const map: RemoteEntry[] = [
      { name: 'mf_auth', version: '0.1.0', entry: `${origin}/remotes/mf-auth/0.1.0/mf-manifest.json` },
      { name: 'mf_workout', version: 'dev', entry: 'http://localhost:3012/mf-manifest.json' },
    ];
    expect(manifestsToWarm(map, origin)).toEqual(['/remotes/mf-auth/0.1.0/mf-manifest.json']);
  });

  it('name their version folders', () => {
    expect(remoteVersionFolder('/remotes/mf-auth/0.2.0-canary.1/remoteEntry.js', origin)).toBe(
      '/remotes/mf-auth/0.2.0-canary.1/',
    );
    expect(remoteVersionFolder(`${origin}/remotes/mf-auth/0.1.0/a.0123456789.js`, origin)).toBe(
      '/remotes/mf-auth/0.1.0/',
    );
    expect(remoteVersionFolder('/main.js', origin)).toBeUndefined();
  });
});

describe('the remote versions the worker keeps', () => {
  const folders = (set: Set<string> | undefined) => (set ? [...set].sort() : set);

  it('are the newest map’s, with a canary’s fallback', () => {
    expect(folders(foldersToKeep({ newest: canaryMap, pages: new Map(), openPages: [], origin }))).toEqual([
      '/remotes/mf-account/0.1.0/',
      '/remotes/mf-analytics/0.1.0/',
      '/remotes/mf-analytics/0.2.0/',
      '/remotes/mf-auth/0.1.0/',
      '/remotes/mf-workout/0.1.0/',
    ]);
  });

  it('and those an open page still runs: a page never switches version in the middle of a visit', () => {
    const promoted = stableMap.map((remote) =>
      remote.name === 'mf_auth'
        ? { ...remote, version: '0.3.0', entry: '/remotes/mf-auth/0.3.0/mf-manifest.json' }
        : remote,
    );
    const kept = foldersToKeep({
      newest: promoted,
      pages: new Map([['tab-1', stableMap]]),
      openPages: ['tab-1'],
      origin,
    });
    expect(kept?.has('/remotes/mf-auth/0.1.0/')).toBe(true);
    expect(kept?.has('/remotes/mf-auth/0.3.0/')).toBe(true);

    const afterTheTabClosed = foldersToKeep({
      newest: promoted,
      pages: new Map([['tab-1', stableMap]]),
      openPages: [],
      origin,
    });
    expect(afterTheTabClosed?.has('/remotes/mf-auth/0.1.0/')).toBe(false);
  });

  it('are all of them while an open page has not said which versions it runs', () => {
    expect(foldersToKeep({ newest: stableMap, pages: new Map(), openPages: ['tab-restored'], origin })).toBeUndefined();
  });
});
