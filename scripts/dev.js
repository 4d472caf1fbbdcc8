// `npm run dev`: the api (rebuilt and restarted on change) plus a webpack-dev-server with hot reload for the
// shell (http://localhost:3000, proxying /api to the api on 3001) and for each remote on its own port.
const { spawn, spawnSync } = require('node:child_process');
const path = require('node:path');
const { apiProcessEnv } = require('../api/process-env');
const root = path.resolve(__dirname, '..');

const API_PORT = '3001';
const apps = ['mf-auth', 'mf-workout', 'mf-analytics', 'mf-account', 'shell'];

// The api runs compiled code: build the node packages it imports once, then keep its own build watching.
for (const dir of ['packages/contracts', 'packages/embedded-mongo', 'api']) {
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', dir], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const children = [];
function start(label, command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const prefix = `[${label}] `;
  const forward = (stream, target) =>
    stream.on('data', (chunk) => target.write(chunk.toString().replace(/^(?=.)/gm, prefix)));
  forward(child.stdout, process.stdout);
  forward(child.stderr, process.stderr);
  children.push(child);
  return child;
}

start(
  'api:build',
  'npx',
  ['swc', 'src', '-d', 'dist', '--strip-leading-paths', '--config-file', '../config/swc.node.json', '-w'],
  {
    cwd: path.join(root, 'api'),
  },
);
start('api', process.execPath, ['--watch', 'api/dist/server.js'], {
  env: apiProcessEnv({ ...process.env, PORT: API_PORT, REMOTES_MODE: 'dev' }),
});
for (const app of apps) start(app, 'npm', ['run', 'dev', '--silent', '-w', app]);

function stop() {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
