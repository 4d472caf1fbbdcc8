/** Ids made in the browser for what the api stores under them (issue #18). */

function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (value) => value.toString(16).padStart(2, '0')).join('');
}

/**
 * A session id as MongoDB makes them: 24 lower-case hex digits, the first 8 the seconds since 1970. The api takes it
 * for a workout started here (its 8 random bytes make a clash with another id practically impossible).
 */
export function newObjectId(now: number = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8);
  return seconds + randomHex(8);
}

/** An operation's id: a random UUID (8 to 64 letters, digits, '-' and '_', as the api asks). */
export function newOperationId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : randomHex(16);
}
