const { makeJestConfig } = require('../../config/jest.preset');
module.exports = makeJestConfig({ displayName: 'ui', rootDir: __dirname, environment: 'jsdom' });
