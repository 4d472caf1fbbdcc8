/**
 * The commit-msg hook `npm install` sets up (husky, then commitlint with commitlint.config.js): what a commit may say.
 * Run as git runs it, on a file holding the message.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const folder = mkdtempSync(path.join(tmpdir(), 'hit-commit-msg-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The hook's exit status and what it printed, for a commit message. */
function commit(message: string): { status: number | null; output: string } {
  const file = path.join(folder, 'COMMIT_EDITMSG');
  writeFileSync(file, `${message}\n`);
  const result = spawnSync('sh', [path.join(root, '.husky/commit-msg'), file], { cwd: root, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

jest.setTimeout(60_000);

it('is the hook git runs in this clone', () => {
  const hooksPath = execFileSync('git', ['config', 'core.hooksPath'], { cwd: root, encoding: 'utf8' }).trim();
  expect(hooksPath).toBe('.husky/_');
});

it.each([
  'fix(api): refuse loopback push endpoints',
  'feat(mf-workout): edit a completed set in place',
  'test(e2e): the active workout on narrow phones',
  'docs: the changelog of the phone week',
  'fix(embedded-mongo): refuse IPv4-mapped addresses\n\nThe body may hold figures: 250 MB, 2026-12-07, issue #47.',
])('accepts %j', (message) => {
  expect(commit(message)).toEqual({ status: 0, output: '' });
});

it.each([
  ['Fix the timer', 'type-empty'],
  ['fix(timer): keep the rest running', 'scope-enum'],
  ['fix(api): keep the api well under its memory budget while a flood of imports runs', 'header-max-length'],
  ['feat(ui): 44 px buttons at every size', 'subject-no-figures'],
  ['fix(api): resolve #47', 'subject-no-figures'],
  ['perf(api): faster since 2026-12-07', 'subject-no-figures'],
])('refuses %j (%s)', (message, rule) => {
  const { status, output } = commit(message);
  expect(status).not.toBe(0);
  expect(output).toContain(`[${rule}]`);
});
