// The canary fallback against the real Module Federation runtime (@module-federation/enhanced 2.9.2), not a mock:
// only the network is faked. Manifests come from the runtime's `fetch` hook and scripts (remoteEntry.js, preloaded
// chunks) from its `createScript` hook, which "loads" a script the way a browser would: a remoteEntry.js that loads
// defines its container as a global (`mf_auth`), a script that fails fires `error`.
import type { RemoteMap } from '@hit/contracts';

type Runtime = typeof import('@module-federation/enhanced/runtime');
type Loader = typeof import('./remoteLoader');
type Container = { init: () => Promise<void>; get: (expose: string) => Promise<() => unknown> };

const STABLE = '/remotes/mf-auth/0.1.0/mf-manifest.json';
const CANARY = '/remotes/mf-auth/0.2.0/mf-manifest.json';

let mockRemoteMap: RemoteMap;
jest.mock('@hit/platform', () => ({
  fetchRemoteMap: async () => mockRemoteMap,
  takeInlinedRemoteMap: () => undefined,
}));

/** One build of mf_auth on the fake network: what its files answer. */
interface Build {
  manifest: 'ok' | 'missing' | 'offline';
  remoteEntry: 'ok' | 'missing';
  exposedChunk: 'ok' | 'missing';
  /** What its AuthPage module is, to tell the builds apart. */
  page: { default: () => string };
  /** URLs of the files of this build the page asked for, in order. */
  requested: string[];
  /** Its container's init() calls (the runtime initialises a container once it loaded). */
  inits: number;
}

const builds = new Map<string, Build>();

function build(version: string, overrides: Partial<Pick<Build, 'manifest' | 'remoteEntry' | 'exposedChunk'>> = {}) {
  const b: Build = {
    manifest: 'ok',
    remoteEntry: 'ok',
    exposedChunk: 'ok',
    page: { default: () => `AuthPage ${version}` },
    requested: [],
    inits: 0,
    ...overrides,
  };
  builds.set(version, b);
  return b;
}

const versionOf = (url: string) => /\/mf-auth\/([^/]+)\//.exec(url)?.[1] ?? '';
const buildAt = (url: string) => builds.get(versionOf(url));

/** A minimal Response: jsdom has none, and the runtime reads manifests with `instanceof Response` and `.json()`. */
class FakeResponse {
  constructor(
    private readonly body: string,
    readonly status = 200,
  ) {}
  get ok() {
    return this.status < 300;
  }
  async json() {
    return JSON.parse(this.body);
  }
}

/** The mf-manifest.json webpack writes for mf_auth (trimmed to what the runtime reads). */
function manifestOf(version: string) {
  return {
    id: 'mf_auth',
    name: 'mf_auth',
    metaData: {
      name: 'mf_auth',
      type: 'app',
      buildInfo: { buildVersion: version, buildName: '@hit/mf-auth' },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      globalName: 'mf_auth',
      pluginVersion: '2.9.2',
      publicPath: 'auto',
    },
    shared: [],
    remotes: [],
    exposes: [
      {
        id: 'mf_auth:AuthPage',
        name: 'AuthPage',
        path: './AuthPage',
        assets: { js: { sync: ['__federation_expose_AuthPage.0123abcd.js'], async: [] }, css: { sync: [], async: [] } },
      },
    ],
  };
}

function containerOf(b: Build): Container {
  return {
    init: async () => {
      b.inits += 1;
    },
    get: async () => {
      if (b.exposedChunk === 'missing') {
        throw Object.assign(new Error('Loading chunk __federation_expose_AuthPage failed.'), {
          name: 'ChunkLoadError',
        });
      }
      return () => b.page;
    },
  };
}

/** The fake network, as a runtime plugin the test registers with init(). */
const network = {
  name: 'fake-network',
  async fetch(url: string) {
    const b = buildAt(url);
    b?.requested.push(url.slice(url.lastIndexOf('/') + 1));
    if (!b || b.manifest === 'missing') return new FakeResponse(JSON.stringify({ message: 'Not found' }), 404);
    if (b.manifest === 'offline') throw new TypeError('Failed to fetch');
    return new FakeResponse(JSON.stringify(manifestOf(versionOf(url))));
  },
  createScript({ url }: { url: string }) {
    const script = document.createElement('script');
    script.src = url;
    const b = buildAt(url);
    const file = url.slice(url.lastIndexOf('/') + 1);
    b?.requested.push(file);
    const isEntry = file === 'remoteEntry.js';
    const loads = b && (isEntry ? b.remoteEntry === 'ok' : b.exposedChunk === 'ok');
    setTimeout(() => {
      if (loads && isEntry) (globalThis as Record<string, unknown>).mf_auth = containerOf(b);
      script.dispatchEvent(new Event(loads ? 'load' : 'error'));
    });
    return script;
  },
};

/** The runtime keeps its state in (non-deletable) page globals: empty them, as a new page would have them. */
function freshFederationGlobals() {
  const page = globalThis as unknown as Record<string, unknown> & {
    __FEDERATION__?: Record<string, unknown>;
    __GLOBAL_LOADING_REMOTE_ENTRY__?: Record<string, unknown>;
  };
  Object.assign(page.__FEDERATION__ ?? {}, {
    __GLOBAL_PLUGIN__: [],
    __INSTANCES__: [],
    moduleInfo: {},
    __SHARE__: {},
    __MANIFEST_LOADING__: {},
    __PRELOADED_MAP__: new Map(),
    __PRELOADED_ASSETS__: new Set(),
  });
  for (const key of Object.keys(page.__GLOBAL_LOADING_REMOTE_ENTRY__ ?? {}))
    delete page.__GLOBAL_LOADING_REMOTE_ENTRY__![key];
  delete page.mf_auth;
}

let loader: Loader;
beforeEach(() => {
  builds.clear();
  freshFederationGlobals();
  (globalThis as Record<string, unknown>).Response = FakeResponse;
  // A fresh page: a fresh runtime and loader, initialised the way the shell's ModuleFederationPlugin does.
  jest.isolateModules(() => {
    const runtime: Runtime = require('@module-federation/enhanced/runtime');
    runtime.init({ name: 'shell', remotes: [], plugins: [network as never] });
    loader = require('./remoteLoader');
  });
  // The runtime warns when a remote is registered again with force: that is the fallback doing its job.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  delete (globalThis as Record<string, unknown>).Response;
});

const withCanary = (): RemoteMap => ({
  remotes: [{ name: 'mf_auth', entry: CANARY, version: '0.2.0', fallbackEntry: STABLE }],
});
const stableOnly = (): RemoteMap => ({ remotes: [{ name: 'mf_auth', entry: STABLE, version: '0.1.0' }] });

const renderedBy = (module: unknown) => (module as Build['page']).default();

describe('a canary that fails to load, against the real MF runtime', () => {
  it('loads the canary when it works, and never asks for the stable build', async () => {
    const canary = build('0.2.0');
    const stable = build('0.1.0');
    mockRemoteMap = withCanary();

    expect(renderedBy(await loader.loadRemoteModule('mf_auth/AuthPage'))).toBe('AuthPage 0.2.0');
    expect(canary.requested).toContain('remoteEntry.js');
    expect(stable.requested).toEqual([]);
  });

  it('falls back to the stable build when the canary manifest is missing', async () => {
    build('0.2.0', { manifest: 'missing' });
    const stable = build('0.1.0');
    mockRemoteMap = withCanary();

    expect(renderedBy(await loader.loadRemoteModule('mf_auth/AuthPage'))).toBe('AuthPage 0.1.0');
    expect(stable.requested).toEqual(expect.arrayContaining(['mf-manifest.json', 'remoteEntry.js']));
  });

  it('falls back to the stable build when the canary manifest cannot be fetched at all', async () => {
    build('0.2.0', { manifest: 'offline' });
    build('0.1.0');
    mockRemoteMap = withCanary();

    expect(renderedBy(await loader.loadRemoteModule('mf_auth/AuthPage'))).toBe('AuthPage 0.1.0');
  });

  it("falls back when the canary's manifest loads but its remoteEntry.js does not", async () => {
    build('0.2.0', { remoteEntry: 'missing' });
    const stable = build('0.1.0');
    mockRemoteMap = withCanary();

    expect(renderedBy(await loader.loadRemoteModule('mf_auth/AuthPage'))).toBe('AuthPage 0.1.0');
    expect(stable.inits).toBe(1);
  });

  it("falls back when the canary's container loads but its exposed module's chunk does not", async () => {
    const canary = build('0.2.0', { exposedChunk: 'missing' });
    const stable = build('0.1.0');
    mockRemoteMap = withCanary();

    expect(renderedBy(await loader.loadRemoteModule('mf_auth/AuthPage'))).toBe('AuthPage 0.1.0');
    // The canary's container (the global mf_auth its remoteEntry.js defined) is not reused for the stable build:
    // the stable remoteEntry.js is really loaded and its own container initialised.
    expect(canary.inits).toBe(1);
    expect(stable.requested).toEqual(expect.arrayContaining(['mf-manifest.json', 'remoteEntry.js']));
    expect(stable.inits).toBe(1);
  });

  it('stays on the stable build for the rest of the visit', async () => {
    const canary = build('0.2.0', { manifest: 'missing' });
    build('0.1.0');
    mockRemoteMap = withCanary();
    await loader.loadRemoteModule('mf_auth/AuthPage');
    const canaryRequests = canary.requested.length;

    expect(renderedBy(await loader.loadRemoteModule('mf_auth/AuthPage'))).toBe('AuthPage 0.1.0');
    expect(canary.requested).toHaveLength(canaryRequests);
  });

  it('fails, for the fallback screen, when the stable build fails too', async () => {
    build('0.2.0', { exposedChunk: 'missing' });
    build('0.1.0', { remoteEntry: 'missing' });
    mockRemoteMap = withCanary();

    await expect(loader.loadRemoteModule('mf_auth/AuthPage')).rejects.toThrow();
    expect(loader.loadedRemoteModule('mf_auth/AuthPage')).toBeUndefined();
  });
});

describe('Try again after a failed load, against the real MF runtime', () => {
  it('asks for the manifest again after it was missing, and loads once it is back', async () => {
    const stable = build('0.1.0', { manifest: 'missing' });
    mockRemoteMap = stableOnly();
    await expect(loader.loadRemoteModule('mf_auth/AuthPage')).rejects.toThrow();

    stable.manifest = 'ok';

    expect(renderedBy(await loader.loadRemoteModule('mf_auth/AuthPage'))).toBe('AuthPage 0.1.0');
    expect(stable.requested.filter((file) => file === 'mf-manifest.json')).toHaveLength(2);
  });

  it('loads the remoteEntry.js again after it failed', async () => {
    const stable = build('0.1.0', { remoteEntry: 'missing' });
    mockRemoteMap = stableOnly();
    await expect(loader.loadRemoteModule('mf_auth/AuthPage')).rejects.toThrow();

    stable.remoteEntry = 'ok';

    expect(renderedBy(await loader.loadRemoteModule('mf_auth/AuthPage'))).toBe('AuthPage 0.1.0');
  });

  it('loads the exposed chunk again after it failed', async () => {
    const stable = build('0.1.0', { exposedChunk: 'missing' });
    mockRemoteMap = stableOnly();
    await expect(loader.loadRemoteModule('mf_auth/AuthPage')).rejects.toThrow();

    stable.exposedChunk = 'ok';

    expect(renderedBy(await loader.loadRemoteModule('mf_auth/AuthPage'))).toBe('AuthPage 0.1.0');
  });

  it('tries the stable build again (not the canary) after both failed', async () => {
    const canary = build('0.2.0', { manifest: 'missing' });
    const stable = build('0.1.0', { manifest: 'missing' });
    mockRemoteMap = withCanary();
    await expect(loader.loadRemoteModule('mf_auth/AuthPage')).rejects.toThrow();

    stable.manifest = 'ok';

    expect(renderedBy(await loader.loadRemoteModule('mf_auth/AuthPage'))).toBe('AuthPage 0.1.0');
    expect(canary.requested.filter((file) => file === 'mf-manifest.json')).toHaveLength(1);
  });
});
