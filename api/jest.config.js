const path = require('node:path');
const { makeJestConfig } = require('../config/jest.preset');
module.exports = makeJestConfig({
  displayName: 'api',
  rootDir: __dirname,
  overrides: { setupFilesAfterEnv: [path.join(__dirname, 'test/support/jest-setup.ts')] },
});
