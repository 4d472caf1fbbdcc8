const path = require('node:path');
const { makeJestConfig } = require('../config/jest.preset');

module.exports = makeJestConfig({
  displayName: 'e2e',
  rootDir: __dirname,
  overrides: {
    testMatch: ['<rootDir>/tests/**/*.test.ts'],
    globalSetup: path.join(__dirname, 'support/global-setup.ts'),
    globalTeardown: path.join(__dirname, 'support/global-teardown.ts'),
    setupFilesAfterEnv: [path.join(__dirname, 'support/jest-setup.ts')],
  },
});
