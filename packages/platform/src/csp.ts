import * as z from 'zod/mini';

/**
 * The first of this package's modules (index.ts), so that it runs before any zod schema is made: the
 * Content-Security-Policy's `script-src 'self'` forbids eval, and zod, unless told not to, probes `new Function` as
 * it makes its first object schema (to compile parsers), which Chromium reports as a CSP violation: an issue in
 * DevTools and a best-practices loss in Lighthouse (issue #25). The schemas then run interpreted, as they do anyway
 * once the probe fails. zod keeps this setting on `globalThis`, so it covers every copy of zod in the page (the
 * browser's one schema is zod/mini's, `@hit/contracts/remotes`, and mini shares this core). The api keeps compiled
 * parsers.
 */
z.config({ jitless: true });
