const { makeJestConfig } = require('../config/jest.preset');
module.exports = makeJestConfig({ displayName: 'scripts', rootDir: __dirname });
