// One webpack config for every front-end app: the shell (host) and the four remotes. Each app's
// webpack.config.js names only itself; what differs between host and remote is decided here, once.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { DefinePlugin, Compilation, sources } = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { InjectManifest } = require('workbox-webpack-plugin');
const CompressionPlugin = require('compression-webpack-plugin');

const root = path.resolve(__dirname, '..');
// webpack's own minimizer plugin (its dependency, so always the version webpack expects), run with swc:
// the same output as its default terser in a third of the build time.
const MinimizerPlugin = require(
  require.resolve('minimizer-webpack-plugin', { paths: [path.dirname(require.resolve('webpack/package.json'))] }),
);
const { REMOTES } = requireContracts();

const SHELL_PORT = 3000;
// The api listens on 127.0.0.1 outside production; `localhost` may resolve to ::1 first.
const API_ORIGIN = 'http://127.0.0.1:3001';
// Kept equal to theme.colors.background in @hit/ui (the browser paints it before any JS runs).
const THEME_COLOR = '#0f1217';
const BROWSER_TARGETS = 'chrome >= 111, edge >= 111, firefox >= 113, safari >= 16.4';

// One copy of each of these per page, whoever loads first provides it
// (docs/architecture.md, "Module federation contract").
const SINGLETONS = [
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

// One module federation runtime per page (issue #25): the shell provides its runtime-core on globalThis
// (`provideExternalRuntime`) and each remote's entry uses it (`externalRuntime`) instead of carrying its own, about
// 19 KB of gzip and 65 KB of script to compile less per remote. The provider is a runtime plugin that MF adds by its
// CommonJS file, which would bring a second, CommonJS copy of runtime-core into main.js (24 KB of gzip): the alias
// builds its ES module instead, the same copy the rest of the runtime uses.
const injectRuntimePlugin = require.resolve('@module-federation/inject-external-runtime-core-plugin', {
  paths: [path.dirname(require.resolve('@module-federation/enhanced/webpack'))],
});
const RUNTIME_PROVIDER_ALIAS = {
  [`${injectRuntimePlugin}$`]: injectRuntimePlugin.replace(/\.cjs$/, '.js'),
};

// Workspace packages the browser bundles compile from source (their "main" is built for node, as CommonJS).
const SOURCE_ALIASES = {
  '@hit/contracts$': path.join(root, 'packages/contracts/src/index.ts'),
  '@hit/contracts/rules$': path.join(root, 'packages/contracts/src/rules/index.ts'),
  '@hit/contracts/remotes$': path.join(root, 'packages/contracts/src/remotes.ts'),
};

function requireContracts() {
  try {
    return require('@hit/contracts');
  } catch (error) {
    throw new Error(
      `webpack.factory needs the built @hit/contracts (npm run build -w packages/contracts): ${error.message}`,
    );
  }
}

// semver.org's own pattern: MAJOR.MINOR.PATCH, no leading zeros, optional -pre.release and +build metadata.
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/** A build that must not happen (bad REMOTE_VERSION, a version already published). */
class BuildRefused extends Error {
  name = 'BuildRefused';

  // webpack-cli prints a failing config's error with util.format: the message says it all, a stack would not help.
  [require('node:util').inspect.custom]() {
    return this.message;
  }
}

/**
 * Which version a remote build is and where it goes: immutable, versioned builds
 * (docs/architecture.md, "Module federation contract").
 *  - No REMOTE_VERSION: package.json's version, the development build. It is rebuilt in place whenever sources
 *    change (scripts/ensure-built.js does so), so it is not immutable.
 *  - REMOTE_VERSION=x.y.z: a release build into dist/x.y.z/. Once its mf-manifest.json exists that version is
 *    published and never rebuilt: the build refuses before writing anything.
 *  - REMOTE_DIST_DIR=<folder>: where the version folders are, instead of the app's dist/ (e.g. a CDN's staging copy).
 * Only `<dist>/<version>/` is ever written or cleaned; other version folders are never touched.
 */
function remoteBuild({ appDir, appPackage, remote, env = process.env, checkPublished = true }) {
  const requested = env.REMOTE_VERSION?.trim();
  const version = requested || appPackage.version;
  if (!SEMVER.test(version)) {
    const source = requested
      ? `REMOTE_VERSION="${env.REMOTE_VERSION}"`
      : `the version "${version}" in ${appPackage.name}'s package.json`;
    throw new BuildRefused(
      `${source} is not a semantic version such as 1.4.0 or 1.5.0-canary.1 (see https://semver.org).`,
    );
  }
  const distDir = env.REMOTE_DIST_DIR?.trim() ? path.resolve(env.REMOTE_DIST_DIR.trim()) : path.join(appDir, 'dist');
  const outputPath = path.join(distDir, version);
  if (requested && checkPublished && fs.existsSync(path.join(outputPath, 'mf-manifest.json'))) {
    const manifest = path.relative(process.cwd(), path.join(outputPath, 'mf-manifest.json'));
    throw new BuildRefused(
      `${path.basename(appDir)} ${version} is already published; versions are immutable — build a new version ` +
        `(REMOTE_VERSION=<a new version>). ${manifest} exists; nothing was written.`,
    );
  }
  // Shown on screen by the remote's exposed component (a canary or preview build); empty for normal builds.
  const label = (env.BUILD_LABEL ?? '').trim().replace(/\s+/g, ' ');
  return { version, outputPath, label, uniqueName: `${remote.name}@${version}` };
}

/** The version an app asks for: a workspace package's own version, else the app's range, else the installed one. */
function requiredVersionOf(packageName, appPackage) {
  if (packageName.startsWith('@hit/')) return require(`${packageName}/package.json`).version;
  const declared = { ...appPackage.peerDependencies, ...appPackage.dependencies }[packageName];
  return declared ?? `^${require(`${packageName}/package.json`).version}`;
}

function sharedSingletons(appPackage) {
  return Object.fromEntries(
    SINGLETONS.map((key) => [
      key,
      { singleton: true, requiredVersion: requiredVersionOf(key.replace(/\/$/, ''), appPackage) },
    ]),
  );
}

/**
 * A remote exposes its one entry component; the shell only consumes, at run time
 * (docs/architecture.md, "Module federation contract").
 */
function federationOptions({ remote, appPackage, isDev = false }) {
  return {
    name: remote ? remote.name : 'shell',
    ...(remote && {
      filename: 'remoteEntry.js',
      exposes: { [`./${remote.expose}`]: `./src/exposes/${remote.expose}.tsx` },
    }),
    manifest: Boolean(remote),
    dts: false,
    shareStrategy: 'loaded-first',
    shared: sharedSingletons(appPackage),
    // See RUNTIME_PROVIDER_ALIAS. In development a remote also runs alone, on its own page with no shell to provide
    // the runtime, so it keeps its own there. `target: 'web'` leaves the runtime's Node.js code paths out (5 KB).
    experiments: {
      ...(!remote ? { provideExternalRuntime: true } : !isDev && { externalRuntime: true }),
      optimization: { target: 'web' },
    },
  };
}

/** The web app manifest (issue #17: installable), written by the shell's build next to index.html. */
const WEB_APP_MANIFEST = 'manifest.webmanifest';
const APPLE_TOUCH_ICON = 'icons/apple-touch-icon.png';
const DESCRIPTION = 'Track your 3-day high-intensity training routine: sets, rest timers and progress.';

/**
 * What the browser needs to install the app: it opens at /home (a signed-out visitor is sent on to the landing
 * page), standalone, in the theme's colours. Icons are drawn by scripts/draw-icons.js into shell/public/icons/.
 */
function webAppManifest() {
  return {
    name: 'HIT Tracker',
    short_name: 'HIT Tracker',
    description: DESCRIPTION,
    id: '/home',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: THEME_COLOR,
    categories: ['health', 'fitness', 'sports'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
    ],
  };
}

/** Emits the web app manifest and the files of `<app>/public/` (the icons) as assets of the shell's build. */
class ShellPublicFilesPlugin {
  constructor(appDir) {
    this.publicDir = path.join(appDir, 'public');
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(ShellPublicFilesPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: ShellPublicFilesPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset(
            WEB_APP_MANIFEST,
            new sources.RawSource(`${JSON.stringify(webAppManifest(), null, 2)}\n`),
          );
          for (const file of filesUnder(this.publicDir)) {
            compilation.fileDependencies.add(file);
            const name = path.relative(this.publicDir, file).split(path.sep).join('/');
            compilation.emitAsset(name, new sources.RawSource(fs.readFileSync(file)));
          }
        },
      );
    });
  }
}

function filesUnder(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * The page's HTML. `prerendered` (the landing page: ./src/landing/prerender.tsx) fills the head with its styles and
 * the root with its markup, so the page paints with no script run; without it the root is empty until React renders.
 */
function htmlPage(title, prerendered) {
  return new HtmlWebpackPlugin({
    title,
    templateContent: ({ htmlWebpackPlugin }) => {
      const { head = '', body = '' } = prerendered ? prerendered() : {};
      return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="theme-color" content="${THEME_COLOR}" />
    <meta name="description" content="${DESCRIPTION}" />
    <link rel="icon" href="/icons/icon.svg" type="image/svg+xml" />
    <link rel="apple-touch-icon" href="/${APPLE_TOUCH_ICON}" />
    <link rel="manifest" href="/${WEB_APP_MANIFEST}" />
    <title>${htmlWebpackPlugin.options.title}</title>
    ${head}
  </head>
  <body style="background:${THEME_COLOR}">
    <noscript>HIT Tracker needs JavaScript to run. Please enable it in your browser and reload the page.</noscript>
    <div id="root">${body}</div>
  </body>
</html>
`;
    },
  });
}

/**
 * `<link rel="preload" as="script">` in the shell's index.html for the scripts its first screen always runs (issue
 * #25): the chunks of main.js's `import('./bootstrap')` and of the shared libraries (react, react-dom, the router...)
 * that those chunks consume, followed through the libraries' own shared imports. Without them the browser finds
 * them one request step at a time (main.js, then the bootstrap's chunks, then the libraries they consume). Lazily
 * loaded code (other pages, the remotes) is not preloaded. main.js itself is fetched at high priority.
 */
class PreloadStartupChunksPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PreloadStartupChunksPlugin.name, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(PreloadStartupChunksPlugin.name, (data) => {
        const publicPath = compilation.outputOptions.publicPath;
        // Largest first: over HTTP/1.1 a page has six connections to the origin, so the first six preloads start at
        // once and the others wait for one of them to finish. react-dom (a third of the bytes) must not wait
        // behind five small chunks: the render needs every one of them, so the largest is the longest pole.
        const size = (file) => compilation.getAsset(file)?.source.size() ?? 0;
        const files = startupChunkFiles(compilation)
          .filter((file) => file.endsWith('.js'))
          .sort((a, b) => size(b) - size(a));
        // main.js first: a deferred script is fetched at low priority, behind every preload, yet it runs first.
        for (const tag of data.headTags) {
          if (tag.tagName === 'script' && tag.attributes.src === `${publicPath}main.js`) {
            tag.attributes.fetchpriority = 'high';
          }
        }
        const preloads = files.map((file) => ({
          tagName: 'link',
          voidTag: true,
          meta: { plugin: PreloadStartupChunksPlugin.name },
          attributes: { rel: 'preload', as: 'script', href: `${publicPath}${file}` },
        }));
        data.headTags.push(...preloads);
        return data;
      });
    });
  }
}

/**
 * The files of the chunks main.js's dynamic import loads, with the shared libraries they consume (see above). A
 * shared library comes from the chunk of the shell's provider of it (the one registered in the share scope, which
 * the shell initialises first), not the consumer's own fallback copy.
 */
function startupChunkFiles(compilation) {
  const { chunkGraph, moduleGraph } = compilation;
  const entry = compilation.entrypoints.get('main');
  if (!entry) return [];
  const providers = new Map();
  for (const module of compilation.modules) {
    if (module.type === 'provide-module') providers.set(module._name, module);
  }
  const entryChunks = new Set(entry.chunks);
  const chunks = new Set();
  const seen = new Set();
  const addBlocksOf = (module) => {
    for (const block of module.blocks) {
      const group = chunkGraph.getBlockChunkGroup(block);
      for (const chunk of group?.chunks ?? []) {
        if (entryChunks.has(chunk) || chunks.has(chunk)) continue;
        chunks.add(chunk);
        for (const inner of chunkGraph.getChunkModulesIterable(chunk)) followShared(inner);
      }
    }
  };
  // A module's shared imports (consume-shared modules, in its chunk or depended on) lead to their providers' chunks;
  // its other async blocks (a page's React.lazy import) are not followed.
  const followShared = (module) => {
    if (seen.has(module)) return;
    seen.add(module);
    if (module.type === 'consume-shared-module') {
      const provider = providers.get(module.options.shareKey);
      addBlocksOf(provider ?? module);
      return;
    }
    for (const dependency of module.dependencies) {
      const target = moduleGraph.getModule(dependency);
      if (target?.type === 'consume-shared-module') followShared(target);
    }
  };
  // The entry module's own async block: its `import('./bootstrap')`.
  for (const chunk of entry.chunks) {
    for (const module of chunkGraph.getChunkEntryModulesIterable(chunk)) addBlocksOf(module);
  }
  return [...chunks].flatMap((chunk) => [...chunk.files]).sort();
}

/** TypeScript and JSX of the app's own sources and the workspace packages, compiled by swc for BROWSER_TARGETS. */
function swcRule(isDev) {
  return {
    test: /\.tsx?$/,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic', development: isDev } },
        },
        env: { targets: BROWSER_TARGETS },
      },
    },
  };
}

function minimizer() {
  return new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: true, mangle: true } });
}

/** The shell's standalone landing page: its own folder in the shell's dist/, served by the api for exactly `/`. */
const LANDING_DIR = 'landing';

/** A file's content hash, as Workbox revisions the precache (a changed file is fetched again, the others are not). */
function revisionOf(file) {
  return crypto.createHash('md5').update(fs.readFileSync(file)).digest('hex');
}

/**
 * Production source maps are written beside each file, for turning an error report's stack into source lines, but
 * no bundle names its map (no sourceMappingURL comment) and the api never serves *.map (api/src/static.ts).
 */
const PRODUCTION_DEVTOOL = 'hidden-source-map';

/**
 * The shell's production build puts the shared libraries its first screen always loads into three chunks instead of
 * eleven (issue #25): React (react, react-dom, the scheduler), the other libraries (TanStack Query, the router,
 * styled-components) and the app's own packages (`@hit/ui`, `@hit/platform`, the contracts' rules, with zod/mini and
 * idb-keyval). Each shared module keeps its own entry in the share scope, so a remote gets it as before; only the
 * files differ. Over HTTP/1.1 a page has six connections to the api, and each small file held one for a round trip
 * while react-dom, the largest, downloaded beside them (Lighthouse /auth LCP 2.33 -> 2.15 s). Remotes keep webpack's
 * default chunks: their copies of the shared libraries are fallbacks a page loads only without the shell's.
 */
/**
 * The chunks whose modules the groups below may take: the unnamed lazily loaded ones (the shared libraries', the
 * bootstrap's). A chunk named by `webpackChunkName` (`rest-alerts`) loads only when its feature is used, and keeps
 * its modules.
 */
const startupLibraryChunk = (chunk) => !chunk.isOnlyInitial() && !chunk.name;

/**
 * The shell's bootstrap (src/index.ts's `import('./bootstrap')`): its modules join the app's packages in `app`, so the
 * shell's own code is not a file of its own on the first screen (one request fewer over the six connections).
 */
const BOOTSTRAP_CHUNK = 'bootstrap';
const APP_PACKAGES =
  /([\\/]packages[\\/](ui|platform|contracts)[\\/])|([\\/]node_modules[\\/](zod|idb-keyval|@tanstack[\\/]query-persist-client-core)[\\/])/;

const SHELL_SPLIT_CHUNKS = {
  cacheGroups: {
    react: {
      test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
      name: 'react',
      chunks: startupLibraryChunk,
      enforce: true,
    },
    libs: {
      test: /([\\/]node_modules[\\/](@tanstack[\\/](react-query|query-core)|react-router|react-router-dom|styled-components|stylis|@emotion)[\\/])|([\\/]packages[\\/]routing[\\/])/,
      name: 'libs',
      chunks: startupLibraryChunk,
      enforce: true,
    },
    app: {
      // The bootstrap's own modules, not its consume-shared ones: those stay where they are, or a shared package the
      // app chunk provides would wait on itself.
      test: (module, { chunkGraph }) =>
        APP_PACKAGES.test(module.nameForCondition() ?? '') ||
        (module.type.startsWith('javascript/') &&
          [...chunkGraph.getModuleChunksIterable(module)].some((chunk) => chunk.name === BOOTSTRAP_CHUNK)),
      name: 'app',
      chunks: (chunk) => startupLibraryChunk(chunk) || chunk.name === BOOTSTRAP_CHUNK,
      enforce: true,
    },
  },
};

/** Files a page never loads: source maps, build stats, licence notes, and the brotli twins the api sends instead. */
const NOT_PRECACHED = [/\.map$/, /(^|\/)mf-stats\.json$/, /\.LICENSE\.txt$/, /\.br$/];

/**
 * Production builds write a brotli twin (`<file>.br`, quality 11) beside each script, style sheet and JSON file a
 * page loads, and the api sends it to a browser that accepts brotli (api/src/static.ts): about 13% smaller than
 * gzip, and nothing is compressed per request (issue #25). A file that compresses poorly (under 20%) or is under
 * 1 KB gets none; the api compresses those on the fly as before.
 */
function brotliTwins() {
  return new CompressionPlugin({
    algorithm: 'brotliCompress',
    filename: '[path][base].br',
    test: /\.(js|css|json|webmanifest|svg)$/,
    exclude: /(^|\/)mf-stats\.json$/,
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    threshold: 1024,
    minRatio: 0.8,
  });
}

/**
 * The service worker (shell/src/service-worker/sw.ts, issue #17), production builds only: the development server's
 * bundles change on every save and must never be served from a cache. It precaches the shell's build and the
 * landing page's folder, which its own compilation builds first (the shell config depends on it): its files are
 * read from disk and revisioned by content.
 */
function serviceWorkerPlugin(appDir) {
  const landingDir = path.join(appDir, 'dist', LANDING_DIR);
  const addLandingPage = async (entries) => {
    const landingFiles = filesUnder(landingDir).filter((file) => !NOT_PRECACHED.some((pattern) => pattern.test(file)));
    if (!landingFiles.some((file) => path.basename(file) === 'index.html')) {
      return {
        manifest: entries,
        warnings: [`${path.relative(root, landingDir)} has no index.html: / will not open offline`],
      };
    }
    const landing = landingFiles.map((file) => ({
      url: `/${LANDING_DIR}/${path.relative(landingDir, file).split(path.sep).join('/')}`,
      revision: revisionOf(file),
      size: fs.statSync(file).size,
    }));
    return { manifest: [...entries, ...landing] };
  };
  return new InjectManifest({
    swSrc: path.join(appDir, 'src/service-worker/sw.ts'),
    swDest: 'sw.js',
    // A copy: the plugin rewrites the options it is given.
    exclude: [...NOT_PRECACHED],
    manifestTransforms: [addLandingPage],
  });
}

/**
 * @param {object} options
 * @param {string} options.appDir the app folder (its package.json, src/index.ts)
 * @param {string} [options.remote] the MF name from REMOTES (`mf_auth`...); omit for the shell
 * @returns {(env: unknown, argv: { mode?: 'production' | 'development' }) => import('webpack').Configuration}
 */
function createWebpackConfig({ appDir, remote: remoteName }) {
  const appPackage = require(path.join(appDir, 'package.json'));
  const remote = remoteName && REMOTES.find((r) => r.name === remoteName);
  if (remoteName && !remote) throw new Error(`Unknown remote "${remoteName}": see REMOTES in @hit/contracts`);

  return (_env, argv = {}) => {
    const mode = argv.mode ?? 'production';
    const isDev = mode === 'development';
    // The dev server builds in memory: nothing is published, so there is nothing to protect.
    const build = remote && remoteBuild({ appDir, appPackage, remote, checkPublished: !process.env.WEBPACK_SERVE });
    if (build) {
      // The version the MF plugin writes into mf-manifest.json (buildVersion) and the remote's runtime id; it
      // reads it from here, else from the package.json in the current directory.
      process.env.MF_BUILD_VERSION = build.version;
    }

    return {
      mode,
      // The service worker precaches the landing page's build, so that one is built first.
      ...(!remote && !isDev && { name: 'shell', dependencies: [LANDING_DIR] }),
      target: ['web', 'es2022'],
      context: appDir,
      // A remote's own page (src/index.ts -> bootstrap) is only for working on it alone in development: a
      // production remote is its remoteEntry.js alone, so its version folder holds no un-hashed main.js.
      entry: remote && !isDev ? {} : { main: './src/index.ts' },
      devtool: isDev ? 'eval-cheap-module-source-map' : PRODUCTION_DEVTOOL,
      output: {
        // Remote builds are immutable and versioned; the shell is the one page at /.
        path: build ? build.outputPath : path.join(appDir, 'dist'),
        publicPath: remote ? 'auto' : '/',
        // Entries (the shell's main.js, a remote's remoteEntry.js) keep their names and are served no-cache;
        // every other chunk, the exposed module's included, is content-hashed and cached for good.
        filename: '[name].js',
        chunkFilename: '[name].[contenthash].js',
        // Per version: when a canary fails and the shell falls back to the stable build of the same remote in
        // the same page, the two runtimes must not share one webpackChunk* array (same chunk ids, other code).
        ...(build && { uniqueName: build.uniqueName }),
        // Cleans output.path only, i.e. this one version folder (the shell's: all but the landing page's folder,
        // which its own build cleans).
        clean: remote ? true : { keep: (asset) => asset.split(/[\\/]/)[0] === LANDING_DIR },
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        alias: { ...SOURCE_ALIASES, ...(!remote && RUNTIME_PROVIDER_ALIAS) },
      },
      module: { rules: [swcRule(isDev)] },
      plugins: [
        new ModuleFederationPlugin(federationOptions({ remote, appPackage, isDev })),
        // Read by each remote's src/buildInfo.ts (its own code, not the shared @hit/ui, which may be the shell's copy).
        build &&
          new DefinePlugin({
            __BUILD_LABEL__: JSON.stringify(build.label),
            __REMOTE_VERSION__: JSON.stringify(build.version),
          }),
        // A remote's own page (its src/bootstrap.tsx) is for working on it alone in development.
        (!remote || isDev) && htmlPage(remote ? `${remote.expose} (standalone) · HIT Tracker` : 'HIT Tracker'),
        !remote && !isDev && new PreloadStartupChunksPlugin(),
        !remote && new ShellPublicFilesPlugin(appDir),
        !remote && !isDev && serviceWorkerPlugin(appDir),
        !isDev && brotliTwins(),
      ].filter(Boolean),
      optimization: { minimizer: [minimizer()], ...(!remote && !isDev && { splitChunks: SHELL_SPLIT_CHUNKS }) },
      performance: { hints: false },
      // A build says where its output went and what went wrong, not every module it bundled.
      infrastructureLogging: { level: isDev ? 'info' : 'error' },
      stats: isDev ? 'minimal' : { preset: 'errors-warnings', assets: true, assetsSort: '!size', assetsSpace: 5 },
      devServer: {
        port: remote ? remote.devPort : SHELL_PORT,
        hot: true,
        historyApiFallback: true,
        proxy: [{ context: remote ? ['/api'] : ['/api', '/remotes'], target: API_ORIGIN }],
        ...(remote && { headers: { 'Access-Control-Allow-Origin': '*' } }),
      },
    };
  };
}

/** Where the landing page's node build (its HTML renderer) goes: outside dist/, as nothing of it is served. */
const LANDING_PRERENDER = 'landing-prerender';
const prerenderDir = (appDir) => path.join(appDir, 'node_modules', '.cache', LANDING_PRERENDER);

/**
 * The landing page's HTML renderer (src/landing/prerender.tsx), built for node with the browser build's aliases and
 * transform, so it renders the very components the app renders at `/` in development. Everything is bundled (react's
 * and styled-components' server builds included): the landing page's build runs it from a cache folder.
 */
function createLandingPrerenderConfig({ appDir }) {
  return () => ({
    name: LANDING_PRERENDER,
    mode: 'production',
    target: 'node20',
    context: appDir,
    entry: { prerender: './src/landing/prerender.tsx' },
    devtool: false,
    output: { path: prerenderDir(appDir), filename: '[name].js', library: { type: 'commonjs2' }, clean: true },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias: SOURCE_ALIASES },
    module: { rules: [swcRule(false)] },
    // Run once at build time: no minifying, and the rendered markup is what the page's size counts.
    optimization: { minimize: false },
    performance: { hints: false },
    infrastructureLogging: { level: 'error' },
    stats: 'errors-warnings',
  });
}

/** The landing page's markup and styles, from the renderer the build before this one wrote. */
function prerenderedLanding(appDir) {
  const file = path.join(prerenderDir(appDir), 'prerender.js');
  delete require.cache[file];
  return require(file).renderLandingPage();
}

/**
 * The landing page as its own small page (docs/architecture.md, "Landing page"), served by the api for exactly `/`:
 * HTML rendered at build time (createLandingPrerenderConfig) with one small script (src/landing/index.ts: the
 * signed-in check and the service worker's registration), for the landing budget and Lighthouse's TBT on `/`
 * (docs/architecture.md, "Performance budgets"). No React, module federation, router, query client or remote map in
 * the browser. Its links are plain anchors: following one loads the app (the shell's index.html) at that page.
 * Inside the app, client-side navigation to `/` renders the same LandingPage from the shell's router. Not federated
 * on purpose: it must never load a remote.
 *
 * @param {object} options
 * @param {string} options.appDir the shell's folder (its src/landing/)
 * @returns {(env: unknown, argv: { mode?: 'production' | 'development' }) => import('webpack').Configuration}
 */
function createLandingPageConfig({ appDir }) {
  return (_env, argv = {}) => {
    const mode = argv.mode ?? 'production';
    const isDev = mode === 'development';
    return {
      name: LANDING_DIR,
      dependencies: [LANDING_PRERENDER],
      mode,
      target: ['web', 'es2022'],
      context: appDir,
      entry: { landing: './src/landing/index.ts' },
      devtool: isDev ? 'eval-cheap-module-source-map' : PRODUCTION_DEVTOOL,
      output: {
        path: path.join(appDir, 'dist', LANDING_DIR),
        publicPath: `/${LANDING_DIR}/`,
        // Referenced only by this folder's index.html, so every script is content-hashed and cached for good.
        filename: '[name].[contenthash].js',
        chunkFilename: '[name].[contenthash].js',
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'], alias: SOURCE_ALIASES },
      module: { rules: [swcRule(isDev)] },
      plugins: [htmlPage('HIT Tracker', () => prerenderedLanding(appDir)), !isDev && brotliTwins()].filter(Boolean),
      optimization: { minimizer: [minimizer()] },
      performance: { hints: false },
      infrastructureLogging: { level: isDev ? 'info' : 'error' },
      stats: isDev ? 'minimal' : { preset: 'errors-warnings', assets: true, assetsSort: '!size', assetsSpace: 5 },
    };
  };
}

module.exports = {
  createWebpackConfig,
  createLandingPageConfig,
  createLandingPrerenderConfig,
  federationOptions,
  remoteBuild,
  LANDING_DIR,
  NOT_PRECACHED,
  PRODUCTION_DEVTOOL,
};
