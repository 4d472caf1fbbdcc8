/** @jest-environment node */
// Loads every front-end app's real webpack config: catches a webpack / @module-federation/enhanced pairing that
// crashes while loading (docs/architecture.md, "Version pins") and checks the federation contract
// (docs/architecture.md, "Module federation contract").
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTES } from '@hit/contracts';

const root = path.resolve(__dirname, '../..');
const { federationOptions, remoteBuild } = require(path.join(root, 'config/webpack.factory.js'));

interface Config {
  output: {
    path: string;
    publicPath: string;
    filename: string;
    chunkFilename: string;
    uniqueName?: string;
    clean?: boolean | object;
  };
  entry: unknown;
  optimization?: { runtimeChunk?: unknown };
  plugins: { constructor: { name: string } }[];
  devServer: { port: number; headers?: Record<string, string>; proxy: { context: string[]; target: string }[] };
}

function configOf(folder: string, mode: 'production' | 'development' = 'production'): Config {
  return require(path.join(root, folder, 'webpack.config.js'))({}, { mode });
}

const singletons = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  '@hit/routing',
  '@tanstack/react-query',
  '@tanstack/query-core',
  'styled-components',
  '@hit/platform',
  '@hit/ui',
];

describe.each(REMOTES)('the $folder build', (remote) => {
  const config = configOf(remote.folder);
  const federation = federationOptions({ remote, appPackage: require(path.join(root, remote.folder, 'package.json')) });

  it('exposes its one entry component under its MF name, with a manifest', () => {
    expect(federation).toMatchObject({
      name: remote.name,
      filename: 'remoteEntry.js',
      exposes: { [`./${remote.expose}`]: `./src/exposes/${remote.expose}.tsx` },
      manifest: true,
      dts: false,
      shareStrategy: 'loaded-first',
    });
    expect(config.plugins.map((p) => p.constructor.name)).toContain('ModuleFederationPlugin');
  });

  it("uses the shell's module federation runtime in production, and its own on its development page", () => {
    const appPackage = require(path.join(root, remote.folder, 'package.json'));
    expect(federation.experiments).toEqual({ externalRuntime: true, optimization: { target: 'web' } });
    expect(federationOptions({ remote, appPackage, isDev: true }).experiments).toEqual({
      optimization: { target: 'web' },
    });
  });

  it('shares the singletons lazily (no eager), with the versions it asks for', () => {
    expect(Object.keys(federation.shared)).toEqual(singletons);
    expect(federation.shared.react).toEqual({ singleton: true, requiredVersion: '^19.3.1' });
    expect(federation.shared['@hit/platform']).toEqual({ singleton: true, requiredVersion: '0.1.0' });
    expect(federation.shared['@tanstack/query-core'].requiredVersion).toMatch(/^\^5\./);
    for (const options of Object.values<{ eager?: boolean }>(federation.shared)) expect(options.eager).toBeUndefined();
    expect(federation.shared).not.toHaveProperty('d3');
  });

  it('writes an immutable, versioned build with hashed chunks and no single runtime chunk', () => {
    expect(config.output).toMatchObject({
      path: path.join(root, remote.folder, 'dist', '0.1.0'),
      publicPath: 'auto',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash].js',
      clean: true, // output.path only: this one version folder
    });
    expect(config.optimization?.runtimeChunk).toBeUndefined();
  });

  it('emits no un-hashed main.js in production (its standalone page is for development only)', () => {
    expect(config.entry).toEqual({});
    expect(configOf(remote.folder, 'development').entry).toEqual({ main: './src/index.ts' });
  });

  it('gives each version its own chunk-loading global, so a canary and its stable fallback never mix chunks', () => {
    expect(config.output.uniqueName).toBe(`${remote.name}@0.1.0`);
  });

  it('defines the build label and version for the exposed component', () => {
    expect(config.plugins.map((p) => p.constructor.name)).toContain('DefinePlugin');
  });

  it('serves itself in development on its own port, readable from the shell origin', () => {
    const { devServer } = configOf(remote.folder, 'development');
    expect(devServer.port).toBe(remote.devPort);
    expect(devServer.headers).toEqual({ 'Access-Control-Allow-Origin': '*' });
  });
});

describe('the shell build', () => {
  // Production: the federated shell and its standalone landing page; development: the shell alone.
  const [config, landing, prerender] = configOf('shell') as unknown as [
    Config,
    Config & { entry: Record<string, string> },
    Config,
  ];
  const federation = federationOptions({ appPackage: require(path.join(root, 'shell/package.json')) });

  it('is a host with no compiled remotes, sharing the same singletons', () => {
    expect(federation.name).toBe('shell');
    expect(federation).not.toHaveProperty('remotes');
    expect(federation).not.toHaveProperty('exposes');
    expect(Object.keys(federation.shared)).toEqual(singletons);
  });

  it('provides its module federation runtime to the remotes, in production and in development', () => {
    const appPackage = require(path.join(root, 'shell/package.json'));
    for (const isDev of [false, true]) {
      expect(federationOptions({ appPackage, isDev }).experiments).toEqual({
        provideExternalRuntime: true,
        optimization: { target: 'web' },
      });
    }
  });

  it('is served from / with its index.html', () => {
    expect(config.output).toMatchObject({ path: path.join(root, 'shell/dist'), publicPath: '/' });
    expect(config.plugins.map((p) => p.constructor.name)).toContain('HtmlWebpackPlugin');
    // Its clean leaves the landing page's folder to the landing build.
    expect(config.output.clean).toEqual({ keep: expect.any(Function) });
  });

  it('renders the landing page at build time with a node build of its own, outside dist/ (nothing of it is served)', () => {
    expect(prerender).toMatchObject({
      name: 'landing-prerender',
      target: 'node20',
      entry: { prerender: './src/landing/prerender.tsx' },
      output: { path: path.join(root, 'shell/node_modules/.cache/landing-prerender'), library: { type: 'commonjs2' } },
    });
    // webpack runs the prerender first, then the landing page (which writes its HTML), then the shell (whose service
    // worker precaches the landing page's files).
    expect((landing as { dependencies?: string[] }).dependencies).toEqual(['landing-prerender']);
    expect((config as { dependencies?: string[] }).dependencies).toEqual(['landing']);
  });

  it('builds the landing page the api serves for / into dist/landing/, without module federation', () => {
    expect(landing.entry).toEqual({ landing: './src/landing/index.ts' });
    expect(landing.output).toMatchObject({
      path: path.join(root, 'shell/dist/landing'),
      publicPath: '/landing/',
      filename: '[name].[contenthash].js',
      clean: true,
    });
    const plugins = landing.plugins.map((p) => p.constructor.name);
    expect(plugins).toContain('HtmlWebpackPlugin');
    expect(plugins).not.toContain('ModuleFederationPlugin');
    const keep = (config.output.clean as unknown as { keep: (asset: string) => boolean }).keep;
    expect([keep('landing/index.html'), keep('main.js'), keep('landing.js')]).toEqual([true, false, false]);
  });

  it('proxies the api and the remote builds to the api in development', () => {
    const { devServer } = configOf('shell', 'development');
    expect(devServer.port).toBe(3000);
    expect(devServer.proxy).toEqual([{ context: ['/api', '/remotes'], target: 'http://127.0.0.1:3001' }]);
  });
});

describe('the version of a remote build (REMOTE_VERSION, BUILD_LABEL)', () => {
  const remote = REMOTES.find((r) => r.folder === 'mf-analytics')!;
  const appPackage = { name: '@hit/mf-analytics', version: '0.1.0' };
  let appDir: string;
  beforeEach(() => {
    appDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hit-remote-build-')), 'mf-analytics');
    fs.mkdirSync(appDir);
  });
  afterEach(() => fs.rmSync(path.dirname(appDir), { recursive: true, force: true }));

  const publish = (version: string) => {
    fs.mkdirSync(path.join(appDir, 'dist', version), { recursive: true });
    fs.writeFileSync(path.join(appDir, 'dist', version, 'mf-manifest.json'), '{}');
  };
  const buildOf = (env: Record<string, string>) => remoteBuild({ appDir, appPackage, remote, env });

  it("is package.json's version, the development build, when REMOTE_VERSION is not set", () => {
    expect(buildOf({})).toEqual({
      version: '0.1.0',
      outputPath: path.join(appDir, 'dist', '0.1.0'),
      label: '',
      uniqueName: 'mf_analytics@0.1.0',
    });
  });

  it('is REMOTE_VERSION when set, in its own folder', () => {
    expect(buildOf({ REMOTE_VERSION: '0.2.0-canary.1' })).toMatchObject({
      version: '0.2.0-canary.1',
      outputPath: path.join(appDir, 'dist', '0.2.0-canary.1'),
      uniqueName: 'mf_analytics@0.2.0-canary.1',
    });
  });

  it.each(['v0.2.0', '0.2', '01.2.3', 'latest', '0.2.0/../../x', '1.0.0-'])('refuses REMOTE_VERSION=%s', (version) => {
    expect(() => buildOf({ REMOTE_VERSION: version })).toThrow(`REMOTE_VERSION="${version}" is not a semantic version`);
  });

  it('refuses a version that is already published: versions are immutable', () => {
    publish('0.2.0');

    expect(() => buildOf({ REMOTE_VERSION: '0.2.0' })).toThrow(
      'mf-analytics 0.2.0 is already published; versions are immutable — build a new version',
    );
    expect(buildOf({ REMOTE_VERSION: '0.2.1' }).version).toBe('0.2.1');
  });

  it('rebuilds the development build (no REMOTE_VERSION) in place', () => {
    publish('0.1.0');

    expect(buildOf({}).outputPath).toBe(path.join(appDir, 'dist', '0.1.0'));
  });

  it('lets the dev server build a published version in memory', () => {
    publish('0.2.0');

    expect(
      remoteBuild({ appDir, appPackage, remote, env: { REMOTE_VERSION: '0.2.0' }, checkPublished: false }).version,
    ).toBe('0.2.0');
  });

  it('writes into REMOTE_DIST_DIR/<version>/ when given (a staging copy of the published builds)', () => {
    const staging = path.join(path.dirname(appDir), 'cdn', 'mf-analytics', 'dist');
    expect(buildOf({ REMOTE_VERSION: '0.2.0', REMOTE_DIST_DIR: staging }).outputPath).toBe(path.join(staging, '0.2.0'));

    fs.mkdirSync(path.join(staging, '0.2.0'), { recursive: true });
    fs.writeFileSync(path.join(staging, '0.2.0', 'mf-manifest.json'), '{}');
    expect(() => buildOf({ REMOTE_VERSION: '0.2.0', REMOTE_DIST_DIR: staging })).toThrow('already published');
  });

  it('carries BUILD_LABEL, trimmed, for the exposed component to show', () => {
    expect(buildOf({ REMOTE_VERSION: '0.2.0', BUILD_LABEL: '  Canary   0.2.0 ' }).label).toBe('Canary 0.2.0');
  });
});

describe('production source maps', () => {
  it('builds source maps hidden (issue #23): written beside the bundles for error reports, named by none, precached by no worker', () => {
    // The shell's production build, its landing page and the landing page's renderer (a node build, run once at
    // build time and never served: no source map to keep).
    const configs = require(path.join(root, 'shell/webpack.config.js'))({}, { mode: 'production' }) as {
      name: string;
      devtool: string;
      plugins: { constructor: { name: string }; config?: unknown }[];
    }[];
    expect(configs.map((config) => [config.name, config.devtool])).toEqual([
      ['shell', 'hidden-source-map'],
      ['landing', 'hidden-source-map'],
      ['landing-prerender', false],
    ]);
    for (const remote of REMOTES) {
      expect((configOf(remote.folder) as unknown as { devtool: string }).devtool).toBe('hidden-source-map');
    }
    const worker = configs[0].plugins.find((plugin) => plugin.constructor.name === 'InjectManifest');
    const { exclude } = worker!.config as { exclude: RegExp[] };
    for (const file of ['main.js.map', '412.3f9a0c1d2e4b5a6c.js.map', 'landing/landing.0a1b2c3d4e5f6a7b.js.map']) {
      expect(exclude.some((pattern) => pattern.test(file))).toBe(true);
    }
  });
});

describe('brotli twins (issue #25)', () => {
  type Plugin = { constructor: { name: string }; options?: { algorithm?: unknown; filename?: unknown; test?: RegExp } };
  // The shell and its landing page in production (not the landing page's renderer, a node build run once at build
  // time); the shell alone in development (its dev server).
  const shellConfigs = (mode: 'production' | 'development') =>
    (
      [require(path.join(root, 'shell/webpack.config.js'))({}, { mode })].flat() as {
        name?: string;
        plugins: Plugin[];
      }[]
    ).filter(({ name }) => name !== 'landing-prerender');
  const twinsOf = (plugins: Plugin[]) => plugins.filter((plugin) => plugin.constructor.name === 'CompressionPlugin');

  it('writes a brotli twin of each script, style sheet and JSON file in every production build, none in development', () => {
    const production = [...shellConfigs('production'), ...REMOTES.map((remote) => configOf(remote.folder))];
    for (const config of production) {
      const [twins, ...more] = twinsOf(config.plugins);
      expect(more).toEqual([]);
      expect(twins.options).toMatchObject({ algorithm: 'brotliCompress', filename: '[path][base].br' });
      for (const file of ['main.js', 'remoteEntry.js', 'mf-manifest.json', 'styles.0a1b2c3d.css']) {
        expect(twins.options!.test!.test(file)).toBe(true);
      }
    }
    const development = [
      ...shellConfigs('development'),
      ...REMOTES.map((remote) => configOf(remote.folder, 'development')),
    ];
    for (const config of development) expect(twinsOf(config.plugins)).toEqual([]);
  });

  it('keeps the twins out of the service worker, which the api sends them through anyway', () => {
    const worker = shellConfigs('production')[0].plugins.find((plugin) => plugin.constructor.name === 'InjectManifest');
    const { exclude } = (worker as unknown as { config: { exclude: RegExp[] } }).config;
    for (const file of ['main.js.br', '470.36b91c51460cb7454a86.js.br', 'landing/landing.0a1b2c3d4e5f6a7b.js.br']) {
      expect(exclude.some((pattern) => pattern.test(file))).toBe(true);
    }
  });
});

describe("the shell's startup chunks (issue #25)", () => {
  type Chunk = { name?: string; isOnlyInitial(): boolean };
  type Module = { nameForCondition(): string; type: string };
  type Graph = { chunkGraph: { getModuleChunksIterable(module: Module): Iterable<{ name?: string }> } };
  type Group = {
    test: RegExp | ((module: Module, graph: Graph) => boolean);
    name: string;
    chunks: (chunk: Chunk) => boolean;
  };
  /** Whether the group takes the module at `modulePath`, of webpack's `type`, found in the chunk named `inChunk`. */
  const takes = (
    group: Group,
    modulePath: string,
    { inChunk = undefined as string | undefined, type = 'javascript/auto' } = {},
  ) =>
    typeof group.test === 'function'
      ? group.test(
          { nameForCondition: () => modulePath, type },
          { chunkGraph: { getModuleChunksIterable: () => [{ name: inChunk }] } },
        )
      : group.test.test(modulePath);
  const groupsOf = (config: { optimization?: { splitChunks?: { cacheGroups?: Record<string, Group> } } }) =>
    config.optimization?.splitChunks?.cacheGroups;
  const shellConfig = (mode: 'production' | 'development') =>
    [require(path.join(root, 'shell/webpack.config.js'))({}, { mode })].flat()[0];

  it('groups the shared libraries into React, the other libraries and the app packages, in production only', () => {
    const groups = groupsOf(shellConfig('production'))!;
    const groupOf = (modulePath: string, options?: Parameters<typeof takes>[2]) =>
      Object.values(groups).find((group) => takes(group, modulePath, options))?.name ?? 'own chunk';
    expect({
      reactDom: groupOf('/w/node_modules/react-dom/cjs/react-dom-client.production.js'),
      react: groupOf('/w/node_modules/react/cjs/react.production.js'),
      scheduler: groupOf('/w/node_modules/scheduler/index.js'),
      query: groupOf('/w/node_modules/@tanstack/query-core/build/modern/index.js'),
      router: groupOf('/w/node_modules/react-router/dist/production/index.mjs'),
      routing: groupOf('/w/packages/routing/src/index.ts'),
      styled: groupOf('/w/node_modules/styled-components/dist/styled-components.browser.esm.js'),
      ui: groupOf('/w/packages/ui/src/index.ts'),
      platform: groupOf('/w/packages/platform/src/index.ts'),
      d3: groupOf('/w/node_modules/d3-scale/src/linear.js'),
      shellOwn: groupOf('/w/shell/src/app/App.tsx'),
      // The bootstrap's own modules join the app packages (one startup file fewer), not its shared imports, which
      // would otherwise wait on the chunk that provides them: itself.
      shellBootstrap: groupOf('/w/shell/src/app/App.tsx', { inChunk: 'bootstrap' }),
      bootstrapSharedImport: groupOf('/w/node_modules/some-shared-package/index.js', {
        inChunk: 'bootstrap',
        type: 'consume-shared-module',
      }),
    }).toEqual({
      reactDom: 'react',
      react: 'react',
      scheduler: 'react',
      query: 'libs',
      router: 'libs',
      routing: 'libs',
      styled: 'libs',
      ui: 'app',
      platform: 'app',
      d3: 'own chunk',
      shellOwn: 'own chunk',
      shellBootstrap: 'app',
      bootstrapSharedImport: 'own chunk',
    });
    // From the unnamed lazily loaded chunks only: the entry (main.js) stays as it is, and a chunk a feature loads when
    // used (webpackChunkName: rest-alerts) keeps its modules.
    const chunk = (name: string | undefined, initial: boolean): Chunk => ({ name, isOnlyInitial: () => initial });
    for (const group of Object.values(groups)) {
      expect({
        sharedLibrary: group.chunks(chunk(undefined, false)),
        entry: group.chunks(chunk('main', true)),
        restAlerts: group.chunks(chunk('rest-alerts', false)),
        bootstrap: group.chunks(chunk('bootstrap', false)),
      }).toEqual({ sharedLibrary: true, entry: false, restAlerts: false, bootstrap: group.name === 'app' });
    }
    expect(groupsOf(shellConfig('development'))).toBeUndefined();
    for (const remote of REMOTES) expect(groupsOf(configOf(remote.folder) as never)).toBeUndefined();
  });
});
