// `npm run audit` (run by .ci/run): `npm audit --omit=dev` must report no high or critical advisory in what the
// product ships, except those listed in config/audit-exceptions.json, each with the reason no fix is possible.
//
// Exit codes: 0 clean (or every finding excepted), 1 a high/critical finding, 0 with a loud warning when the
// advisory service cannot be reached at all (an offline mirror answers no audits): the run cannot check, and
// says so, rather than failing every build for a reason no code change can fix.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const BLOCKING = new Set(['high', 'critical']);
const exceptions = require(path.join(root, 'config/audit-exceptions.json'));

const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', timeout: 120_000 });
let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  report = null;
}

if (!report || !report.vulnerabilities) {
  const status =
    report && report.statusCode ? `HTTP ${report.statusCode}` : result.error ? result.error.message : 'no report';
  console.warn(
    `npm audit: the advisory service gave no report (${status}); production dependencies were NOT audited this run.`,
  );
  process.exit(0);
}

/** The high/critical advisories of an `npm audit --json` report that have no exception, one line each. */
function blockingFindings(report, exceptionList) {
  const findings = [];
  for (const [name, vulnerability] of Object.entries(report.vulnerabilities)) {
    if (!BLOCKING.has(vulnerability.severity)) continue;
    // An advisory is named by its URL; a package vulnerable only through a dependency (no advisory of its
    // own) is reported under that dependency.
    const open = vulnerability.via
      .filter((via) => typeof via === 'object' && !(via.url in exceptionList))
      .map((via) => via.url);
    if (open.length > 0) findings.push(`${name} (${vulnerability.severity}): ${open.join(', ')}`);
  }
  return findings;
}

const findings = blockingFindings(report, exceptions);
const counts = report.metadata?.vulnerabilities ?? {};
console.log(
  `npm audit --omit=dev: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low; ` +
    `${Object.keys(exceptions).length} excepted in config/audit-exceptions.json`,
);
if (findings.length > 0) {
  console.error(`High or critical advisories without an exception:\n  ${findings.join('\n  ')}`);
  process.exit(1);
}
