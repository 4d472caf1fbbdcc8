import path from 'node:path';

/**
 * The monorepo root. This file compiles to api/dist/paths.js and runs from api/src/paths.ts under jest,
 * so the root is two levels up in both cases.
 */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
