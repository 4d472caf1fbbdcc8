const { makeJestConfig } = require('../config/jest.preset');
module.exports = makeJestConfig({ displayName: 'shell', rootDir: __dirname, environment: 'jsdom' });
