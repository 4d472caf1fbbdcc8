require('@testing-library/jest-dom');

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
