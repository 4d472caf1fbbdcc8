require('@testing-library/jest-dom');

// Testing Library waits 1 s by default for what a test finds (findBy*, waitFor). A lazy page or remote that a test
// loads for the first time in its file is compiled on that first load, which takes 0.5-0.7 s on an idle 2-core
// machine and more than 1 s while CI runs the api's and the browser's suites beside it (the shell's App test
// timed out there once, on the landing page). The wait is for the machine, not a product timing: what the
// tests assert is unchanged. Jest's own limit per test is set above it, so a miss still reports what the page
// showed. (jest.setTimeout here, because a project's testTimeout is not honoured when several projects run
// together.)
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
/* global jest */
jest.setTimeout(20_000);

// jsdom lacks TextEncoder/TextDecoder, which react-router 7 needs when it loads.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Browsers have IndexedDB, where the app keeps the offline copy and the outbox (issue #18): so do the DOM tests.
require('../packages/platform/test/fakeIndexedDb');

// The api's "signed in" hint (issue #25): without it the app takes the visitor as anonymous and never asks
// GET /api/user. Each test starts in a browser that has it; tests of an anonymous browser clear it. (Files that ask
// for the node environment have no document.)
const { setSignedInHint } = require('../packages/platform/test/signedInHint');
/* global beforeEach */
beforeEach(() => {
  if (typeof document !== 'undefined') setSignedInHint();
});
