/**
 * The outbox's limits and answers both sides must agree on (docs/product-rules.md, "Sync and conflicts"). Zod-free,
 * like the rest of `@hit/contracts/rules`, so the browser's outbox can use them without the schemas.
 */

/** Most operations one batch may hold; a longer outbox goes in several batches, oldest first. */
export const MAX_SYNC_OPERATIONS = 200;

/** The api's 409 to a batch that names another account than the signed-in one: it is never retried. */
export const SYNC_OTHER_USER_MESSAGE = 'This outbox belongs to another account: sign in as its owner to sync it';
