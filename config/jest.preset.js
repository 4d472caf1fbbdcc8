// One jest setup for every workspace; each jest.config.js names only what differs.
const path = require('node:path');

const root = path.resolve(__dirname, '..');

// Packages whose package.json "main" is compiled output: tests run their sources instead.
const sourceMapped = {
  '^@hit/contracts$': path.join(root, 'packages/contracts/src/index.ts'),
  '^@hit/contracts/rules$': path.join(root, 'packages/contracts/src/rules/index.ts'),
  '^@hit/contracts/remotes$': path.join(root, 'packages/contracts/src/remotes.ts'),
  '^@hit/embedded-mongo$': path.join(root, 'packages/embedded-mongo/src/index.ts'),
};

// ESM-only packages (d3 and friends) that must go through the transform.
const esmPackages = ['d3', 'd3-[a-z-]+', 'internmap', 'delaunator', 'robust-predicates'];

const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/**
 * @param {object} opts
 * @param {string} opts.displayName
 * @param {string} opts.rootDir
 * @param {'node'|'jsdom'} [opts.environment]
 * @param {object} [opts.overrides]
 */
function makeJestConfig({ displayName, rootDir, environment = 'node', overrides = {} }) {
  return {
    displayName,
    rootDir,
    testEnvironment: environment,
    testMatch: ['<rootDir>/src/**/*.test.ts?(x)', '<rootDir>/test/**/*.test.ts?(x)'],
    transform: { '^.+\\.(t|j)sx?$': swcTransform, '^.+\\.mjs$': swcTransform },
    transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
    moduleNameMapper: sourceMapped,
    setupFilesAfterEnv: environment === 'jsdom' ? [path.join(__dirname, 'jest.setup.dom.js')] : [],
    clearMocks: true,
    restoreMocks: true,
    ...overrides,
  };
}

module.exports = { makeJestConfig };
