// `npm test`: type-check once, lint and check the format, build what the browser tests need, run every jest
// project, and end with one plain summary line ("Tests: N passed, N failed") that CI reads.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ensureBuilt, root } = require('./ensure-built');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  return result.status ?? 1;
}

function finish(passed, failed, code) {
  console.log(`Tests: ${passed} passed, ${failed} failed`);
  process.exit(code);
}

console.log('Type-checking (tsc -b) ...');
if (run('npx', ['tsc', '-b']) !== 0) {
  console.error('Type-check failed.');
  finish(0, 1, 1);
}

// Every check runs before a failure stops the run, so one run shows all their problems.
const checks = [
  { title: 'Lint (eslint)', script: 'lint:code', failure: 'Lint failed (eslint).' },
  { title: 'Dependency rules (dependency-cruiser)', script: 'lint:deps', failure: 'Dependency rules failed.' },
  {
    title: 'Format check (prettier)',
    script: 'format:check',
    failure: 'Format check failed: `npm run format` fixes it.',
  },
];
const failedChecks = checks.filter(({ title, script }) => {
  console.log(`${title} ...`);
  return run('npm', ['run', '--silent', script]) !== 0;
});
if (failedChecks.length > 0) {
  for (const { failure } of failedChecks) console.error(failure);
  finish(0, failedChecks.length, 1);
}

try {
  ensureBuilt();
} catch (error) {
  console.error(error.message);
  finish(0, 1, 1);
}

const resultsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hit-jest-')), 'results.json');
const jestArgs = ['jest', '--json', `--outputFile=${resultsFile}`, ...process.argv.slice(2)];
const code = run('npx', jestArgs);

let results;
try {
  results = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
} catch {
  console.error('jest wrote no results.');
  finish(0, 1, code || 1);
}
// A suite that failed to run (syntax error, failing hook) counts as a failure too.
const brokenSuites = results.numRuntimeErrorTestSuites ?? 0;
const failed = results.numFailedTests + brokenSuites;
finish(results.numPassedTests, failed, code !== 0 || failed > 0 ? code || 1 : 0);
