const { makeJestConfig } = require('../config/jest.preset');
module.exports = makeJestConfig({ displayName: 'mf-workout', rootDir: __dirname, environment: 'jsdom' });
