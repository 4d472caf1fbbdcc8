require('@testing-library/jest-dom');

// jsdom lacks TextEncoder/TextDecoder, which react-router 7 needs when it loads.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Browsers have IndexedDB, where the app keeps the offline copy and the outbox (issue #18): so do the DOM tests.
require('../packages/platform/test/fakeIndexedDb');
