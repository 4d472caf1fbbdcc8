const { makeJestConfig } = require('../../config/jest.preset');
module.exports = makeJestConfig({ displayName: 'platform', rootDir: __dirname, environment: 'jsdom' });
