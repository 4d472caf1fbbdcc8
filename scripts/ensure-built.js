// Builds each workspace whose production output is missing or older than its sources, in dependency order.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');

/**
 * Workspaces with a build, in dependency order, and the file that proves a build exists. A remote's is its
 * development build, dist/<package.json version>/ (other version folders are published releases, built with
 * REMOTE_VERSION, and never rebuilt).
 */
function buildTargets() {
  const versionOf = (dir) => require(path.join(root, dir, 'package.json')).version;
  const remote = (dir) => ({ dir, output: `${dir}/dist/${versionOf(dir)}/mf-manifest.json` });
  return [
    { dir: 'packages/contracts', output: 'packages/contracts/dist/index.js' },
    { dir: 'packages/embedded-mongo', output: 'packages/embedded-mongo/dist/index.js' },
    { dir: 'api', output: 'api/dist/server.js' },
    remote('mf-auth'),
    remote('mf-workout'),
    remote('mf-analytics'),
    remote('mf-account'),
    { dir: 'shell', output: 'shell/dist/index.html' },
  ];
}

/** Newest modification time under the given paths (files or folders), skipping build output. */
function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p)) {
        if (name !== 'node_modules' && name !== 'dist' && name !== '.tsbuild') visit(path.join(p, name));
      }
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return newest;
}

// A front-end build also depends on the shared packages and the shared build config.
const frontEndInputs = [
  'packages/platform/src',
  'packages/routing/src',
  'packages/ui/src',
  'packages/contracts/src',
  'config',
];

function isStale({ dir, output }) {
  const outputPath = path.join(root, output);
  if (!fs.existsSync(outputPath)) return true;
  // public/: the shell's icons, copied into its build.
  const inputs = [
    path.join(dir, 'src'),
    path.join(dir, 'public'),
    path.join(dir, 'package.json'),
    path.join(dir, 'webpack.config.js'),
  ];
  if (!dir.startsWith('packages/') && dir !== 'api') inputs.push(...frontEndInputs);
  if (dir === 'api') inputs.push('packages/contracts/src', 'packages/embedded-mongo/src');
  return newestMtime(inputs.map((p) => path.join(root, p))) > fs.statSync(outputPath).mtimeMs;
}

/** The environment of these builds: the development build, never a release version or a canary label. */
function buildEnv() {
  const env = { ...process.env };
  delete env.REMOTE_VERSION;
  delete env.BUILD_LABEL;
  delete env.REMOTE_DIST_DIR;
  delete env.MF_BUILD_VERSION;
  return env;
}

function ensureBuilt({ log = console.log } = {}) {
  const stale = buildTargets().filter(isStale);
  if (stale.length === 0) return;
  log(`Building ${stale.map((t) => t.dir).join(', ')} ...`);
  for (const { dir, output } of stale) {
    log(`• ${dir}`);
    const result = spawnSync('npm', ['run', 'build', '--silent', '-w', dir], {
      cwd: root,
      stdio: 'inherit',
      env: buildEnv(),
    });
    if (result.status !== 0) {
      throw new Error(`Build of ${dir} failed (exit ${result.status}).`);
    }
    // webpack leaves a file it would write unchanged alone (mf-manifest.json after an edit that changed no chunk):
    // mark the build as done now, or it would count as stale, and be rebuilt, every time.
    const now = new Date();
    if (fs.existsSync(path.join(root, output))) fs.utimesSync(path.join(root, output), now, now);
  }
}

module.exports = { ensureBuilt, root };

if (require.main === module) {
  try {
    ensureBuilt();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
