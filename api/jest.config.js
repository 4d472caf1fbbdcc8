const { makeJestConfig } = require('../config/jest.preset');
module.exports = makeJestConfig({ displayName: 'api', rootDir: __dirname });
