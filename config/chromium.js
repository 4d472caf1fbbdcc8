// The Chromium the browser tests and the benchmarks launch, found once per process: the CHROMIUM variable, then a
// system Chromium (/usr/bin/chromium, `chromium` on PATH), else the one packaged in @sparticuz/chromium, unpacked
// once into node_modules/.cache. Nothing is downloaded at run time.
const { execFile } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { promisify } = require('node:util');

const execFileAsync = promisify(execFile);

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const PACKAGED = '@sparticuz/chromium';
const CACHE = path.resolve(__dirname, '../node_modules/.cache/hit-chromium');
// An unpacking folder this old was left by a run that was killed mid-way.
const ABANDONED_AFTER_MS = 10 * 60 * 1000;

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return undefined;
}

/** `chromium --version` ("Chromium 147.0.7727.0"); it fails when the binary cannot start, e.g. a shared library is missing. */
async function versionOf(executablePath, env = {}) {
  const { stdout } = await execFileAsync(executablePath, ['--version'], {
    env: { ...process.env, ...env },
    timeout: 20_000,
  });
  return stdout.trim();
}

/** Unpacks the packaged Chromium into a private folder, renamed into place only when complete (no half-written binary). */
async function unpackPackaged() {
  const entry = require.resolve(PACKAGED);
  const packageDir = path.resolve(path.dirname(entry), '../..');
  const packageVersion = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version;
  const dir = path.join(CACHE, packageVersion);
  if (!isExecutable(path.join(dir, 'chromium'))) {
    fs.mkdirSync(CACHE, { recursive: true });
    for (const name of fs.readdirSync(CACHE).filter((entryName) => entryName.includes('.unpacking-'))) {
      const leftover = path.join(CACHE, name);
      const modified = fs.statSync(leftover, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - modified > ABANDONED_AFTER_MS) fs.rmSync(leftover, { recursive: true, force: true });
    }
    const staging = fs.mkdtempSync(`${dir}.unpacking-`);
    try {
      // The package unpacks into the temporary folder; its Amazon Linux mode also unpacks the NSS libraries
      // (al2023/lib), used below when the machine has none.
      const script = `const c = require(${JSON.stringify(entry)}); (c.default ?? c).executablePath().then((p) => process.stdout.write(p));`;
      await execFileAsync(process.execPath, ['-e', script], {
        env: { ...process.env, TMPDIR: staging, AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs20.x' },
      });
      // Its fonts.conf names its own temporary folder; this one names where the fonts will live.
      fs.writeFileSync(
        path.join(staging, 'fonts', 'fonts.conf'),
        `<?xml version="1.0"?>\n<fontconfig>\n  <dir>${path.join(dir, 'fonts', 'fonts')}</dir>\n  <cachedir>${path.join(dir, 'fonts', 'cache')}</cachedir>\n</fontconfig>\n`,
      );
      try {
        fs.renameSync(staging, dir);
      } catch (error) {
        // Another process finished unpacking first.
        if (!isExecutable(path.join(dir, 'chromium'))) throw error;
      }
    } finally {
      fs.rmSync(staging, { recursive: true, force: true });
    }
  }

  const executablePath = path.join(dir, 'chromium');
  const env = {};
  // Without a system font configuration the packaged fonts (Open Sans) are used; with one, the system's fonts.
  if (!fs.existsSync('/etc/fonts/fonts.conf')) env.FONTCONFIG_PATH = path.join(dir, 'fonts');
  let version;
  try {
    version = await versionOf(executablePath, env);
  } catch {
    // The machine lacks a library it needs (libnss3, ...): the packaged ones.
    env.LD_LIBRARY_PATH = [path.join(dir, 'al2023', 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
    try {
      version = await versionOf(executablePath, env);
    } catch (error) {
      throw new Error(
        `The packaged Chromium (${executablePath}) does not start: ${String(error.stderr || error.message).trim()}`,
      );
    }
  }
  return { executablePath, version, env, description: `${version} (${PACKAGED} ${packageVersion}, ${executablePath})` };
}

async function resolve() {
  const chosen = process.env.CHROMIUM ?? process.env.CHROMIUM_PATH;
  if (chosen) {
    const variable = process.env.CHROMIUM ? 'CHROMIUM' : 'CHROMIUM_PATH';
    const executablePath = chosen.includes('/') ? chosen : onPath(chosen);
    if (!executablePath || !isExecutable(executablePath))
      throw new Error(`${variable}=${chosen} is not an executable Chromium.`);
    let version;
    try {
      version = await versionOf(executablePath);
    } catch (error) {
      throw new Error(`${variable}=${chosen} does not start: ${String(error.stderr || error.message).trim()}`);
    }
    return { executablePath, version, env: {}, description: `${version} (${executablePath}, from ${variable})` };
  }

  for (const executablePath of new Set(['/usr/bin/chromium', onPath('chromium')].filter(Boolean))) {
    if (!isExecutable(executablePath)) continue;
    try {
      const version = await versionOf(executablePath);
      return { executablePath, version, env: {}, description: `${version} (${executablePath})` };
    } catch (error) {
      console.warn(
        `${executablePath} does not start (${String(error.stderr || error.message).trim()}); trying the next Chromium.`,
      );
    }
  }
  return unpackPackaged();
}

let resolving;
/** Which Chromium to launch, and its version; resolved once per process. */
function resolveChromium() {
  resolving ??= resolve();
  return resolving;
}

/** playwright-core's launch options for a resolved Chromium: headless, with our flags. */
function launchOptions(browser) {
  const env = Object.keys(browser.env).length > 0 ? { ...process.env, ...browser.env } : undefined;
  return { executablePath: browser.executablePath, headless: true, args: CHROMIUM_ARGS, env };
}

module.exports = { CHROMIUM_ARGS, resolveChromium, launchOptions };
