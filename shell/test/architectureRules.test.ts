/** @jest-environment node */
// The boundary rules of .dependency-cruiser.cjs (docs/architecture.md, "One-way dependencies") bite: a small
// monorepo of fixture files, each import one wrong way round (or one allowed), is cruised with the real rule file.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** path -> source; every import is relative, so the rules see exactly these paths. */
const fixture: Record<string, string> = {
  'packages/contracts/src/index.ts': "import '../../platform/src/index';\n",
  'packages/platform/src/index.ts': "import '../../contracts/src/rules';\n",
  'packages/platform/src/uiImport.ts': "import '../../ui/src/index';\n",
  'packages/platform/src/appImport.ts': "import '../../../shell/src/app';\n",
  'packages/ui/src/index.ts': "import '../../platform/src/index';\nimport '../../embedded-mongo/src/index';\n",
  'packages/embedded-mongo/src/index.ts': "import '../../contracts/src/rules';\n",
  'packages/contracts/src/rules.ts': 'export const rule = 1;\n',

  'shell/src/app.ts': "import '../../packages/ui/src/index';\nimport '../../mf-account/src/panel';\n",
  'mf-auth/src/page.ts':
    "import '../../packages/ui/src/index';\nimport '../../mf-workout/src/page';\nimport '../../shell/src/app';\n",
  'mf-workout/src/page.ts': "import '../../api/src/db';\nimport './features/dashboard/screen';\n",
  'mf-workout/src/features/dashboard/screen.ts':
    "import '../active-workout';\nimport '../workouts-api/openSession';\nimport './cycleA';\n",
  'mf-workout/src/features/dashboard/cycleA.ts': "import './cycleB';\n",
  'mf-workout/src/features/dashboard/cycleB.ts': "import './cycleA';\n",
  'mf-workout/src/features/active-workout/index.ts': 'export const entry = 1;\n',
  'mf-workout/src/features/workouts-api/openSession.ts': "import './missing';\n",
  'mf-account/src/panel.ts': "import '../../packages/ui/src/index';\n",
  'mf-account/src/orphan.ts': 'export const unused = 1;\n',

  'api/src/db.ts':
    "import '../../packages/contracts/src/rules';\nimport '../../packages/embedded-mongo/src/index';\n" +
    "export const load = () => import('../../packages/embedded-mongo/src/index');\n",
  'api/src/routes.ts':
    "import '../../packages/platform/src/index';\nimport '../../packages/embedded-mongo/src/index';\n",
  'api/test/db.test.ts':
    "import '../src/db';\nimport '../src/routes';\nimport '../../packages/embedded-mongo/src/index';\n",
};

/** rule -> the "from -> to" of each violation the fixture must produce, and nothing else. */
const expected: Record<string, string[]> = {
  'contracts-not-to-packages': ['packages/contracts/src/index.ts -> packages/platform/src/index.ts'],
  'platform-only-to-contracts': ['packages/platform/src/uiImport.ts -> packages/ui/src/index.ts'],
  'packages-not-to-apps': ['packages/platform/src/appImport.ts -> shell/src/app.ts'],
  'ui-only-to-platform-and-contracts': ['packages/ui/src/index.ts -> packages/embedded-mongo/src/index.ts'],
  'embedded-mongo-not-to-packages': ['packages/embedded-mongo/src/index.ts -> packages/contracts/src/rules.ts'],
  'shell-not-to-remote-source': ['shell/src/app.ts -> mf-account/src/panel.ts'],
  'remote-not-to-remote-or-shell': [
    'mf-auth/src/page.ts -> mf-workout/src/page.ts',
    'mf-auth/src/page.ts -> shell/src/app.ts',
  ],
  'browser-not-to-server-code': ['mf-workout/src/page.ts -> api/src/db.ts'],
  'feature-not-to-other-feature-internals': [
    'mf-workout/src/features/dashboard/screen.ts -> mf-workout/src/features/workouts-api/openSession.ts',
  ],
  'api-only-to-contracts': ['api/src/routes.ts -> packages/platform/src/index.ts'],
  'api-embedded-mongo-only-in-db': ['api/src/routes.ts -> packages/embedded-mongo/src/index.ts'],
  'api-db-loads-embedded-mongo-lazily': ['api/src/db.ts -> packages/embedded-mongo/src/index.ts'],
  'no-circular': ['mf-workout/src/features/dashboard/cycleA.ts -> mf-workout/src/features/dashboard/cycleB.ts'],
  'not-to-unresolvable': ['mf-workout/src/features/workouts-api/openSession.ts -> ./missing'],
  'no-orphans': ['mf-account/src/orphan.ts -> mf-account/src/orphan.ts'],
};

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

describe('.dependency-cruiser.cjs', () => {
  let found: Record<string, string[]>;

  beforeAll(() => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hit-depcruise-'));
    try {
      for (const [file, source] of Object.entries(fixture)) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), source);
      }
      const cli = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
      const config = path.join(root, '.dependency-cruiser.cjs');
      const run = spawnSync(
        process.execPath,
        [
          cli,
          '--config',
          config,
          '--output-type',
          'json',
          'packages',
          'shell',
          'mf-auth',
          'mf-workout',
          'mf-account',
          'api',
        ],
        {
          cwd: dir,
          encoding: 'utf8',
        },
      );
      if (!run.stdout) throw new Error(`depcruise printed nothing: ${run.stderr}`);
      const violations: Violation[] = JSON.parse(run.stdout).summary.violations;
      found = {};
      for (const { rule, from, to } of violations) (found[rule.name] ??= []).push(`${from} -> ${to}`);
      for (const list of Object.values(found)) list.sort();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it.each(Object.entries(expected))('%s fails on the wrong-way import and only there', (rule, violations) => {
    expect(found[rule]).toEqual([...violations].sort());
  });

  it("lets the allowed imports through (a feature's public entry, ui -> platform, the api's lazy load and tests)", () => {
    expect(Object.keys(found).sort()).toEqual(Object.keys(expected).sort());
  });
});
