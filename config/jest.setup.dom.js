require('@testing-library/jest-dom');

// jsdom lacks TextEncoder/TextDecoder, which react-router 7 needs when it loads.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
