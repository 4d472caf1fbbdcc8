// The bundle budgets (docs/architecture.md, "Performance budgets"), in one place: the budget test
// (shell/test/bundleBudgets.test.ts) checks the production build against them, and the bench harness reports them.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

/** KB = 1024 bytes of gzip, as the api's `compression` middleware sends them (zlib level 6, its default). */
const budgets = {
  /**
   * Every script the landing page (`/`, an anonymous visitor) loads. The budget was 150; tightened to 100 (issue #10:
   * a budget beaten by far is tightened) when the standalone landing build needed about 86, and to 10 since its HTML
   * is rendered at build time and its one script (the signed-in check, the service worker's registration) is under
   * 1 KB: room for that script to grow, none for React (react-dom alone is about 60).
   */
  landingInitialJsKb: 10,
  /** Each remote's own scripts for its route (remoteEntry.js + its exposed module's chunks), shared singletons apart. */
  remoteOwnJsKb: 80,
  /**
   * Issue #17 (docs/architecture.md, "Performance budgets"): with the api stopped, a cold tab of /home shows
   * 'Start Workout' within this many milliseconds at 4x CPU throttling (the service worker's caches and the IndexedDB
   * copy of the user's reads).
   */
  offlineHomeReadyMs: 2500,
};

const GZIP_LEVEL = 6;
const REMOTE_FOLDERS = ['mf-auth', 'mf-workout', 'mf-analytics', 'mf-account'];
/** d3 is not shared (docs/architecture.md, "Module federation contract"): only this remote bundles it. */
const D3_OWNER = 'mf-analytics';

function gzipBytes(file) {
  return zlib.gzipSync(fs.readFileSync(file), { level: GZIP_LEVEL }).length;
}

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/**
 * The scripts of the page the api serves for `/` (api/src/static.ts): shell/dist/landing/index.html's scripts
 * and every other script of that build (chunks it may load), resolved to files under shell/dist/.
 */
function landingScripts(repoRoot) {
  const dist = path.join(repoRoot, 'shell', 'dist');
  const landingDir = path.join(dist, 'landing');
  const html = path.join(landingDir, 'index.html');
  if (!fs.existsSync(html)) {
    throw new Error(`${path.relative(repoRoot, html)} is missing: build the shell (npm run build -w shell)`);
  }
  const referenced = [...fs.readFileSync(html, 'utf8').matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map(([, src]) =>
    path.join(dist, decodeURI(new URL(src, 'http://x/').pathname)),
  );
  const emitted = fs
    .readdirSync(landingDir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => path.join(landingDir, name));
  return [...new Set([...referenced, ...emitted])];
}

/** A remote's development build folder: <remote>/dist/<package.json version>/. */
function remoteBuildDir(repoRoot, folder) {
  const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, folder, 'package.json'), 'utf8'));
  return path.join(repoRoot, folder, 'dist', version);
}

/** The shared singletons (config/webpack.factory.js shares them; the shell provides them). */
const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  '@hit/routing',
  '@tanstack/react-query',
  '@tanstack/query-core',
  'styled-components',
  '@hit/platform',
  '@hit/ui',
];

/**
 * Where the shared singletons and everything they depend on live, as source-map path fragments
 * (`node_modules/zod/`, `packages/contracts/`): a chunk built only from these is a shared module's fallback.
 */
function sharedSourceRoots(repoRoot, appDir) {
  const roots = new Set();
  const visit = (name, from) => {
    let manifestPath;
    try {
      manifestPath = require.resolve(`${name}/package.json`, { paths: [from] });
    } catch {
      return; // an optional dependency that is not installed
    }
    const dir = path.dirname(fs.realpathSync(manifestPath));
    const relative = path.relative(repoRoot, dir).split(path.sep).join('/');
    const root = relative.includes('node_modules/') ? `node_modules/${name}/` : `${relative}/`;
    if (roots.has(root)) return;
    roots.add(root);
    const { dependencies = {} } = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
    for (const dependency of Object.keys(dependencies)) visit(dependency, dir);
  };
  for (const name of SHARED_SINGLETONS) visit(name, appDir);
  return [...roots];
}

/**
 * Chunks a form fetches on demand, never for its route: the new-password rule's list of common passwords (issue #23,
 * about 215 KB of gzip; mf-auth's and mf-account's `import()` names it), fetched when a password field is first used.
 */
const ON_DEMAND_CHUNK = /^common-passwords\.[0-9a-f]+\.js$/;

/**
 * A remote's own scripts for its route, from its mf-manifest.json: remoteEntry.js, its exposed modules' sync chunks
 * and those of their async chunks that hold code other than the shared singletons' (the manifest lists a shared
 * module's own chunk under `shared`, but not the chunks split off it, such as react-router's body, and those show up
 * among the exposed module's async chunks: they load only when the shell does not provide the singleton).
 */
function remoteOwnScripts(repoRoot, folder) {
  const buildDir = remoteBuildDir(repoRoot, folder);
  const manifestFile = path.join(buildDir, 'mf-manifest.json');
  if (!fs.existsSync(manifestFile))
    throw new Error(`${path.relative(repoRoot, manifestFile)} is missing: build ${folder}`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const shared = new Set(manifest.shared.flatMap(({ assets }) => [...assets.js.sync, ...assets.js.async]));
  const sharedRoots = sharedSourceRoots(repoRoot, path.join(repoRoot, folder));
  const onlySharedCode = (file) => {
    const sources = sourcesOf(path.join(buildDir, file)).filter((source) => !source.startsWith('webpack/'));
    return sources.length > 0 && sources.every((source) => sharedRoots.some((root) => source.includes(root)));
  };
  const own = [
    manifest.metaData.remoteEntry.name,
    ...manifest.exposes.flatMap(({ assets }) => [
      ...assets.js.sync,
      ...assets.js.async.filter((file) => !onlySharedCode(file) && !ON_DEMAND_CHUNK.test(file)),
    ]),
  ].filter((file) => !shared.has(file));
  return [...new Set(own)].map((file) => path.join(buildDir, file));
}

/** The npm packages and workspace folders a script was built from, from its source map (production builds emit one). */
function sourcesOf(script) {
  const map = `${script}.map`;
  if (!fs.existsSync(map)) return [];
  // webpack://<uniqueName>/../node_modules/x/y.js, webpack://<uniqueName>/webpack/runtime/...
  return JSON.parse(fs.readFileSync(map, 'utf8')).sources.map((source) =>
    source.replace(/^webpack:\/\/[^/]*\/(\.\.\/)*/, ''),
  );
}

/** The d3 packages (d3, d3-scale, ...) bundled in these scripts. */
function d3PackagesIn(scripts) {
  const packages = new Set();
  for (const script of scripts) {
    for (const source of sourcesOf(script)) {
      const match = /node_modules\/(d3(?:-[a-z-]+)?)\//.exec(source);
      if (match) packages.add(match[1]);
    }
  }
  return [...packages].sort();
}

/** Every script of a build folder (the shell's dist/ and landing/, a remote's version folder). */
function allScripts(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return allScripts(full);
    return entry.name.endsWith('.js') ? [full] : [];
  });
}

/**
 * The budget figures of the production build under repoRoot (`npm run build` output), gzip level 6 as served.
 * @param {string} repoRoot
 * @returns {{ figure: string, valueKb: number, budgetKb: number, files: string[] }[]}
 */
function measureBuildBundles(repoRoot) {
  const figure = (name, files, budgetKb) => ({
    figure: name,
    valueKb: kb(files.reduce((sum, file) => sum + gzipBytes(file), 0)),
    budgetKb,
    files: files.map((file) => path.relative(repoRoot, file)),
  });
  return [
    figure('landing initial JS', landingScripts(repoRoot), budgets.landingInitialJsKb),
    ...REMOTE_FOLDERS.map((folder) =>
      figure(`${folder} own JS`, remoteOwnScripts(repoRoot, folder), budgets.remoteOwnJsKb),
    ),
  ];
}

/**
 * Which d3 packages each front-end build bundles: { shell: [], 'mf-auth': [], ..., 'mf-analytics': ['d3-array', ...] }.
 * @param {string} repoRoot
 */
function d3PackagesByBuild(repoRoot) {
  return {
    shell: d3PackagesIn(allScripts(path.join(repoRoot, 'shell', 'dist'))),
    ...Object.fromEntries(
      REMOTE_FOLDERS.map((folder) => [folder, d3PackagesIn(allScripts(remoteBuildDir(repoRoot, folder)))]),
    ),
  };
}

/**
 * The other remotes' source folders a remote's own scripts were built from (should be none).
 * @param {string} repoRoot
 */
function foreignRemoteSources(repoRoot) {
  return Object.fromEntries(
    REMOTE_FOLDERS.map((folder) => {
      const others = REMOTE_FOLDERS.filter((other) => other !== folder);
      const sources = remoteOwnScripts(repoRoot, folder).flatMap(sourcesOf);
      return [
        folder,
        [...new Set(sources.filter((source) => others.some((other) => source.includes(`${other}/src/`))))],
      ];
    }),
  );
}

module.exports = {
  ...budgets,
  budgets,
  GZIP_LEVEL,
  D3_OWNER,
  REMOTE_FOLDERS,
  measureBuildBundles,
  d3PackagesByBuild,
  foreignRemoteSources,
};
