// The one-way dependencies of docs/architecture.md ("One-way dependencies"), checked by `npm run lint` and `npm test`:
//
//   @hit/contracts  <-  @hit/platform  <-  @hit/ui  <-  remotes (mf-auth, mf-workout, mf-analytics, mf-account)  <-  shell
//   @hit/routing (the shared router: react-router-dom's few exports we use)  <-  @hit/platform, @hit/ui, the apps
//   @hit/contracts  <-  api   (-> @hit/embedded-mongo: loaded lazily by src/db.ts, and by the api's tests)
//
// Paths are relative to the repository root. `@hit/*` imports resolve through the workspace symlinks in node_modules
// to the packages' source folders, so a rule names `packages/<name>/`, never `@hit/<name>`.

const REMOTE = '^(mf-auth|mf-workout|mf-analytics|mf-account)/';
const APP = '^(api|shell|mf-auth|mf-workout|mf-analytics|mf-account|e2e|bench)/';
const EMBEDDED_MONGO = '^packages/embedded-mongo/';

module.exports = {
  forbidden: [
    // Remotes <- shell: a remote is loaded at run time and shares only packages.
    {
      name: 'remote-not-to-remote-or-shell',
      comment: 'A remote imports packages only: never another remote, never the shell.',
      severity: 'error',
      from: { path: REMOTE },
      to: { path: '^(mf-auth|mf-workout|mf-analytics|mf-account|shell)/', pathNot: '^$1/' },
    },
    {
      name: 'shell-not-to-remote-source',
      comment: "The shell loads remotes at run time by id (loadRemote); it never imports a remote's source.",
      severity: 'error',
      from: { path: '^shell/' },
      to: { path: REMOTE },
    },
    {
      name: 'browser-not-to-server-code',
      comment: 'The shell and the remotes run in the browser: no api, embedded database, browser tests or bench.',
      severity: 'error',
      from: { path: '^(shell|mf-auth|mf-workout|mf-analytics|mf-account)/' },
      to: { path: `^(api|e2e|bench)/|${EMBEDDED_MONGO}` },
    },

    // Packages: contracts <- platform <- ui, and none of them knows an app.
    {
      name: 'packages-not-to-apps',
      comment: 'packages/* are shared by the apps and import none of them.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: APP },
    },
    {
      name: 'contracts-not-to-packages',
      comment: '@hit/contracts is the bottom layer: it imports nothing of ours.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^packages/', pathNot: '^packages/contracts/' },
    },
    {
      name: 'routing-not-to-packages',
      comment: '@hit/routing re-exports the router: it imports nothing of ours.',
      severity: 'error',
      from: { path: '^packages/routing/' },
      to: { path: '^packages/', pathNot: '^packages/routing/' },
    },
    {
      name: 'platform-only-to-contracts',
      comment:
        '@hit/platform imports @hit/contracts and @hit/routing only (@hit/ui builds on it, not the other way round).',
      severity: 'error',
      from: { path: '^packages/platform/' },
      to: { path: '^packages/', pathNot: '^packages/(platform|contracts|routing)/' },
    },
    {
      name: 'ui-only-to-platform-and-contracts',
      comment: '@hit/ui imports @hit/platform, @hit/contracts and @hit/routing only.',
      severity: 'error',
      from: { path: '^packages/ui/' },
      to: { path: '^packages/', pathNot: '^packages/(ui|platform|contracts|routing)/' },
    },
    {
      name: 'embedded-mongo-not-to-packages',
      comment: 'The embedded database stands alone: it imports no other package of ours.',
      severity: 'error',
      from: { path: EMBEDDED_MONGO },
      to: { path: '^packages/', pathNot: EMBEDDED_MONGO },
    },

    // The api: @hit/contracts, and the embedded database only where the api runs on it.
    {
      name: 'api-only-to-contracts',
      comment: 'The api imports @hit/contracts only of our code (and @hit/embedded-mongo, see the rules below).',
      severity: 'error',
      from: { path: '^api/' },
      to: {
        path: '^(packages|shell|mf-auth|mf-workout|mf-analytics|mf-account|e2e|bench|scripts)/',
        pathNot: `^packages/contracts/|${EMBEDDED_MONGO}`,
      },
    },
    {
      name: 'api-embedded-mongo-only-in-db',
      comment:
        'Of the api source, only src/db.ts loads the embedded database (when no MONGODB_URI is set); tests may use it.',
      severity: 'error',
      from: { path: '^api/src/', pathNot: '^api/src/db\\.ts$' },
      to: { path: EMBEDDED_MONGO },
    },
    {
      name: 'api-db-loads-embedded-mongo-lazily',
      comment: 'src/db.ts loads the embedded database with import() when it starts one, so production never loads it.',
      severity: 'error',
      from: { path: '^api/src/db\\.ts$' },
      to: { path: EMBEDDED_MONGO, dynamic: false },
    },

    // Inside an app: a feature is reached only through its public entry.
    {
      name: 'feature-not-to-other-feature-internals',
      comment:
        "A feature imports another feature only through that feature's public entry (features/<x>/index.ts), " +
        'never its internals.',
      severity: 'error',
      from: { path: '^([^/]+)/src/features/([^/]+)/' },
      to: {
        path: '^$1/src/features/[^/]+/',
        pathNot: ['^$1/src/features/$2/', '^$1/src/features/[^/]+/index\\.tsx?$'],
      },
    },

    {
      name: 'no-circular',
      comment: 'No module depends on itself through others.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-orphans',
      comment: 'A module nothing imports and that imports nothing is dead, unless it is a config or declaration file.',
      severity: 'error',
      from: {
        orphan: true,
        pathNot: [
          '(^|/)\\.[^/]+\\.(js|cjs|mjs|ts|json)$',
          '\\.d\\.ts$',
          '(^|/)tsconfig\\.json$',
          // jest loads its setup files by the path its config names.
          '(^|/)jest[.-]setup[^/]*$',
          // Started as its own process by bench/lib/throughput.js, so the load generator has its own event loop.
          '^bench/lib/load-worker\\.js$',
        ],
      },
      to: {},
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves to a file: a missing module or a typo fails here, not at run time.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'no-non-package-json',
      comment: "Every npm package imported is declared in a package.json (the workspace's or the root's).",
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.tsbuild|coverage|\\.data)/|^e2e/artifacts/' },
    // `import type` counts too: a type import the wrong way round is still a dependency the wrong way round.
    tsPreCompilationDeps: true,
    // A workspace's own package.json plus the root's (where the shared dev tools are declared).
    combinedDependencies: true,
    // Follow the workspace symlinks to the real folders, so rules see packages/<name>/ paths.
    preserveSymlinks: false,
    enhancedResolveOptions: {
      // @hit/contracts and @hit/embedded-mongo point their types at src/ and their code at dist/: take src/.
      exportsFields: ['exports'],
      conditionNames: ['types', 'import', 'require', 'node', 'default'],
      mainFields: ['types', 'main'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.d.ts', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
