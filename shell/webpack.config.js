const { createLandingPageConfig, createWebpackConfig } = require('../config/webpack.factory');

// The host: remotes are registered at run time from GET /api/remotes, never compiled in.
const shell = createWebpackConfig({ appDir: __dirname });
// The landing page the api serves for `/` (dist/landing/), built from the same landing components.
const landing = createLandingPageConfig({ appDir: __dirname });

// The development server runs the shell alone: it renders the landing page at `/` itself.
module.exports = (env, argv = {}) =>
  argv.mode === 'development' ? shell(env, argv) : [shell(env, argv), landing(env, argv)];
