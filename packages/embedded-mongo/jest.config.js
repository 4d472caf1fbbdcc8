const { makeJestConfig } = require('../../config/jest.preset');
module.exports = makeJestConfig({ displayName: 'embedded-mongo', rootDir: __dirname });
