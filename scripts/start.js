// `npm start`: build whatever is missing or stale, then serve the whole app from the api process.
const { spawn } = require('node:child_process');
const path = require('node:path');
const { ensureBuilt, root } = require('./ensure-built');
const { apiProcessEnv } = require('../api/process-env');

try {
  ensureBuilt();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const server = spawn(process.execPath, [path.join(root, 'api/dist/server.js')], {
  cwd: root,
  env: apiProcessEnv(process.env),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
