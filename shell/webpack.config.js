const { createWebpackConfig } = require('../config/webpack.factory');

// The host: remotes are registered at run time from GET /api/remotes, never compiled in.
module.exports = createWebpackConfig({ appDir: __dirname });
