const { makeJestConfig } = require('../config/jest.preset');
module.exports = makeJestConfig({ displayName: 'mf-account', rootDir: __dirname, environment: 'jsdom' });
