// Analytics derivations (issue #10 item 4): mf-analytics' deriveAnalytics (the pure logic the Progress screen
// runs on GET /api/progress's answer) at 1k, 10k and 30k entries, median of 5 after a warm-up. The TypeScript is
// compiled on require with @swc/core (already in the repo for the builds); its imports from @hit/contracts are
// type-only, and the zod-free @hit/contracts/rules loads as built (run.js builds first), so nothing else is loaded.
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { REPO_ROOT, median } = require('./util');
const { generateHistory, asProgressEntries } = require('./data');

const LOGIC_DIR = path.join(REPO_ROOT, 'mf-analytics/src/features/progress/logic');
let hooked = false;

function hookTypeScript() {
  if (hooked) return;
  hooked = true;
  const swc = require(require.resolve('@swc/core', { paths: [REPO_ROOT] }));
  Module._extensions['.ts'] = (module, filename) => {
    const source = fs.readFileSync(filename, 'utf8');
    const { code } = swc.transformSync(source, {
      filename,
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
      sourceMaps: false,
    });
    module._compile(code, filename);
  };
}

function loadDeriveAnalytics() {
  hookTypeScript();
  return require(path.join(LOGIC_DIR, 'index.ts')).deriveAnalytics;
}

function timesOf5(run) {
  const times = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    run(i);
    times.push(performance.now() - t0);
  }
  return times;
}

/**
 * Per size: `fresh` = a new array each run (new data from the server: everything is parsed and grouped again,
 * what the screen does when the answer arrives); `same` = the same array with another unit or exercise filter
 * (the screen's re-derivation when a control changes; parsing and grouping are reused).
 */
function measureAnalytics({ sizes }) {
  const deriveAnalytics = loadDeriveAnalytics();
  const results = {};
  for (const size of sizes) {
    const entries = asProgressEntries(generateHistory(size));
    const warm = deriveAnalytics(entries.slice(), 'kg', 'all');
    if (warm.summary.totalWorkingSets <= 0) throw new Error('deriveAnalytics derived no working sets');
    // A fresh copy per run, made before its clock starts (five live copies at once only measured the GC).
    const fresh = [];
    for (let run = 0; run < 5; run++) {
      const copy = entries.slice();
      const t0 = performance.now();
      deriveAnalytics(copy, 'kg', 'all');
      fresh.push(performance.now() - t0);
    }
    deriveAnalytics(entries, 'kg', 'all');
    const same = timesOf5((run) => deriveAnalytics(entries, run % 2 ? 'lbs' : 'kg', run === 4 ? 5 : 'all'));
    results[size] = { fresh: median(fresh), same: median(same), freshTimes: fresh, sameTimes: same };
  }
  return results;
}

module.exports = { measureAnalytics };
