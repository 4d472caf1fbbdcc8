const {
  createLandingPageConfig,
  createLandingPrerenderConfig,
  createWebpackConfig,
} = require('../config/webpack.factory');

// The host: remotes are registered at run time from GET /api/remotes, never compiled in.
const shell = createWebpackConfig({ appDir: __dirname });
// The landing page the api serves for `/` (dist/landing/): HTML rendered at build time from the same landing
// components by a node build of its own (prerender), with one small script.
const prerender = createLandingPrerenderConfig({ appDir: __dirname });
const landing = createLandingPageConfig({ appDir: __dirname });

// The development server runs the shell alone: it renders the landing page at `/` itself. In production webpack
// runs them in the order their `dependencies` give: the prerender, the landing page, the shell.
module.exports = (env, argv = {}) =>
  argv.mode === 'development' ? shell(env, argv) : [shell(env, argv), landing(env, argv), prerender(env, argv)];
