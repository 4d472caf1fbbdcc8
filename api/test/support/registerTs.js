// Preload for child processes that run the api's TypeScript sources as jest does, with no build:
//   node -r api/test/support/registerTs.js api/src/release.ts ...
// .ts files are compiled with swc on load, and @hit/contracts / @hit/embedded-mongo resolve to their sources.
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { transformSync } = require('@swc/core');

const root = path.resolve(__dirname, '../../..');
const aliases = {
  '@hit/contracts': path.join(root, 'packages/contracts/src/index.ts'),
  '@hit/contracts/rules': path.join(root, 'packages/contracts/src/rules/index.ts'),
  '@hit/embedded-mongo': path.join(root, 'packages/embedded-mongo/src/index.ts'),
};

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveAliased(request, ...rest) {
  return resolveFilename.call(this, aliases[request] ?? request, ...rest);
};

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022', keepClassNames: true },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
