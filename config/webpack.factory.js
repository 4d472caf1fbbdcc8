// One webpack config for every front-end app: the shell (host) and the four remotes. Each app's
// webpack.config.js names only itself; what differs between host and remote is decided here, once.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const root = path.resolve(__dirname, '..');
// webpack's own minimizer plugin (its dependency, so always the version webpack expects), run with swc:
// the same output as its default terser in a third of the build time.
const MinimizerPlugin = require(
  require.resolve('minimizer-webpack-plugin', { paths: [path.dirname(require.resolve('webpack/package.json'))] }),
);
const { REMOTES } = requireContracts();

const SHELL_PORT = 3000;
const API_ORIGIN = 'http://localhost:3001';
// Kept equal to theme.colors.background in @hit/ui (the browser paints it before any JS runs).
const THEME_COLOR = '#0f1217';
const BROWSER_TARGETS = 'chrome >= 111, edge >= 111, firefox >= 113, safari >= 16.4';

// ARCHITECTURE §2: one copy of each of these per page, whoever loads first provides it.
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router',
  'react-router-dom',
  '@tanstack/react-query',
  '@tanstack/query-core',
  'styled-components',
  '@hit/platform',
  '@hit/ui',
];

// Workspace packages the browser bundles compile from source (their "main" is built for node, as CommonJS).
const SOURCE_ALIASES = {
  '@hit/contracts$': path.join(root, 'packages/contracts/src/index.ts'),
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

/** ARCHITECTURE §2: a remote exposes its one entry component; the shell only consumes, at run time. */
function federationOptions({ remote, appPackage }) {
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
  };
}

function htmlPage(title) {
  return new HtmlWebpackPlugin({
    title,
    templateContent: ({ htmlWebpackPlugin }) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="theme-color" content="${THEME_COLOR}" />
    <meta name="description" content="Track your 3-day high-intensity training routine: sets, rest timers and progress." />
    <link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%23ff7a2f'/%3E%3Cpath d='M8 12h3v8H8zm13 0h3v8h-3zm-10 2.5h10v3H11z' fill='%23111'/%3E%3C/svg%3E" />
    <title>${htmlWebpackPlugin.options.title}</title>
  </head>
  <body style="background:${THEME_COLOR}">
    <noscript>HIT Tracker needs JavaScript to run. Please enable it in your browser and reload the page.</noscript>
    <div id="root"></div>
  </body>
</html>
`,
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

    return {
      mode,
      target: ['web', 'es2022'],
      context: appDir,
      entry: { main: './src/index.ts' },
      devtool: isDev ? 'eval-cheap-module-source-map' : 'source-map',
      output: {
        // Remote builds are immutable and versioned; the shell is the one page at /.
        path: remote ? path.join(appDir, 'dist', appPackage.version) : path.join(appDir, 'dist'),
        publicPath: remote ? 'auto' : '/',
        filename: '[name].js',
        chunkFilename: '[name].[contenthash].js',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
        alias: SOURCE_ALIASES,
      },
      module: {
        rules: [
          {
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
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin(federationOptions({ remote, appPackage })),
        // A remote's own page (its src/bootstrap.tsx) is for working on it alone in development.
        (!remote || isDev) && htmlPage(remote ? `${remote.expose} (standalone) · HIT Tracker` : 'HIT Tracker'),
      ].filter(Boolean),
      optimization: {
        minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: true, mangle: true } })],
      },
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

module.exports = { createWebpackConfig, federationOptions };
