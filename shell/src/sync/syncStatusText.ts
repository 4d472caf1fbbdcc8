/** What the header says while sets wait in the outbox (issue #18); nothing is said when all is synced. */
export function pendingSetsText(count: number): string {
  return count === 1 ? '1 set waiting to sync' : `${count} sets waiting to sync`;
}

/** An operation the api refused for good, with its reason. */
export function rejectedText(count: number): string {
  return count === 1 ? '1 change could not be synced' : `${count} changes could not be synced`;
}

/** The file the refused operations are downloaded to. */
export function rejectedFileName(now: Date): string {
  return `hit-tracker-not-synced-${now.toISOString().slice(0, 10)}.json`;
}
