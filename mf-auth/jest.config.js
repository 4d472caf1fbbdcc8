const { makeJestConfig } = require('../config/jest.preset');
module.exports = makeJestConfig({ displayName: 'mf-auth', rootDir: __dirname, environment: 'jsdom' });
