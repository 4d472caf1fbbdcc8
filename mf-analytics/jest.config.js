const { makeJestConfig } = require('../config/jest.preset');
module.exports = makeJestConfig({ displayName: 'mf-analytics', rootDir: __dirname, environment: 'jsdom' });
