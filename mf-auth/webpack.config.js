const { createWebpackConfig } = require('../config/webpack.factory');

module.exports = createWebpackConfig({ appDir: __dirname, remote: 'mf_auth' });
