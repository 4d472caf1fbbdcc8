const { makeJestConfig } = require('../../config/jest.preset');
module.exports = makeJestConfig({ displayName: 'contracts', rootDir: __dirname });
