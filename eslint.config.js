// ESLint for the whole monorepo (`npm run lint`, and `npm test`). typescript-eslint's recommended set is the
// non-type-checked one: type-aware rules would build a TypeScript program per project and slow lint several times
// over on two cores, and `tsc -b` (the first step of `npm test`) already checks the types.
const { defineConfig, globalIgnores } = require('eslint/config');
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const jsxA11y = require('eslint-plugin-jsx-a11y');
const globals = require('globals');

module.exports = defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/.tsbuild/',
    '**/coverage/',
    '**/.data/',
    'e2e/artifacts/',
    'bench/RESULTS.md',
  ]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    // Build settings, runners, benchmarks and jest configs are CommonJS scripts for Node.
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: {
      // CommonJS is what these files are: require() is their only import.
      '@typescript-eslint/no-require-imports': 'off',
      // A module's top-level `const crypto = require('node:crypto')` is module-scoped: it shadows no global.
      'no-redeclare': ['error', { builtinGlobals: false }],
    },
  },
  {
    // The bench drives Chromium: its addInitScript / waitForFunction / evaluate callbacks run in the page.
    files: ['bench/**/*.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // In tests, require() is how jest.isolateModules loads a module afresh and how a CommonJS config is loaded by
    // its path; product code imports.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // TypeScript already reports undefined names, and knows the DOM, Node and jest globals per project.
    files: ['**/*.{ts,tsx}'],
    rules: { 'no-undef': 'off' },
  },
  {
    rules: {
      // `_` marks what is unused on purpose: an argument a signature needs, a property a rest destructuring drops.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },

  {
    // The React code: the browser packages and apps (the api, contracts, embedded database and e2e have none).
    // recommended-latest is rules-of-hooks, exhaustive-deps and the React Compiler's checks (purity, refs,
    // immutability, set-state-in-effect/render, static-components, ...). Of the compiler rules outside it, these
    // stay off: hooks, memo-dependencies and exhaustive-effect-dependencies repeat rules-of-hooks and
    // exhaustive-deps; todo, invariant and syntax report what the compiler cannot compile yet (todo fails on a
    // computed key in a destructuring and on try/finally), not faults in the code; rule-suppression would refuse
    // the few reasoned inline disables; fbt is for a library we do not use; component-hook-factories is removed.
    files: ['**/*.{ts,tsx}'],
    ignores: ['api/**', 'packages/contracts/**', 'packages/embedded-mongo/**', 'e2e/**'],
    ...reactHooks.configs.flat['recommended-latest'],
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      // exhaustive-deps fails the run too: a stale closure in a hook is a bug, not a style.
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/capitalized-calls': 'error',
      'react-hooks/memoized-effect-dependencies': 'error',
      'react-hooks/no-deriving-state-in-effects': 'error',
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // The browser code reaches the router through @hit/routing, the shared singleton built tree-shaken
    // (packages/routing/src/index.ts). Tests may render with react-router-dom's MemoryRouter: under jest both names
    // are one module.
    files: ['shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}', 'packages/{platform,ui}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router-dom', message: "Import it from '@hit/routing' (a second router in the page)." },
            { name: 'react-router', message: "Import it from '@hit/routing' (a second router in the page)." },
          ],
        },
      ],
      // The theme is one constant: read it from the import (`${theme.space.sm}`), not through a function of the
      // props. A styled component whose interpolations are all constants is static: styled-components hashes and
      // injects its CSS once, where a function interpolation makes it rebuild and hash its CSS at every render
      // of every element (issue #21, Lighthouse TBT).
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'TaggedTemplateExpression ArrowFunctionExpression > ObjectPattern.params > Property[key.name="theme"]',
          message:
            "Use `theme` imported from '@hit/ui' in styles: a function of the props for a constant makes the component dynamic.",
        },
      ],
    },
  },
]);
