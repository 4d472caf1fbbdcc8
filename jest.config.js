// Every workspace's jest project; `npm test` runs them all in one jest run.
module.exports = {
  projects: [
    '<rootDir>/packages/contracts',
    '<rootDir>/packages/embedded-mongo',
    '<rootDir>/packages/platform',
    '<rootDir>/packages/ui',
    '<rootDir>/api',
    '<rootDir>/shell',
    '<rootDir>/mf-auth',
    '<rootDir>/mf-workout',
    '<rootDir>/mf-analytics',
    '<rootDir>/mf-account',
    '<rootDir>/scripts',
    '<rootDir>/e2e',
  ],
};
