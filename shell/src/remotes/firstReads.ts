/**
 * The page's first reads (the api reads its HTML preloads, @hit/platform fetchPreloadedReads), asked by the bootstrap
 * at start. A remote loaded before they settle waits for them (at most FIRST_READS_WAIT_MS), so the screen's first
 * render, which React time-slices, already has its data (issue #25): otherwise it renders its loading state, and the
 * data's arrival re-renders the whole screen in one blocking task (a query's update is never a transition).
 */
export const FIRST_READS_WAIT_MS = 3000;

let firstReads: Promise<void> = Promise.resolve();

/** Called once by the bootstrap with the reads it started; a failure counts as settled (the screen shows it). */
export function setFirstReads(reads: Promise<unknown>): void {
  firstReads = reads.then(
    () => undefined,
    () => undefined,
  );
}

/** Settles when the first reads have, or after FIRST_READS_WAIT_MS (a slow api never holds a screen back longer). */
export function firstReadsSettled(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_READS_WAIT_MS)));
  return Promise.race([firstReads, waited]).finally(() => clearTimeout(timer));
}
