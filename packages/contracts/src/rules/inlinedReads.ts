/**
 * The id of the JSON data block (`<script type="application/json">`) in which the api writes a signed-in visitor's
 * first reads into a page, `{ [GET path]: answer }` (issue #25; api/src/pages.ts), for @hit/platform's
 * seedInlinedReads. Here, not in the schemas' entry, because the browser's bundle reads it.
 */
export const INLINED_READS_ELEMENT_ID = 'hit-reads';
