/**
 * When a set may say it was completed (docs/product-rules.md, "Set times"): the one rule for a set's `completedAt`
 * however it arrives (PUT /api/workout-days/:id, the autosave PUT /api/sessions/:id, the offline outbox POST
 * /api/sync). A phone's clock is not exact, so a time a little ahead of the server's is taken; a time further ahead,
 * or from before the app could have been used (a clock reset to 1970, a forged year 1), is refused with 400.
 */

/** How far ahead of the server's clock a device's clock may be. */
export const SET_TIME_CLOCK_SKEW_MS = 5 * 60 * 1000;
/** The earliest completion time a set logged in the app may carry. History imported from a file has its own rule. */
export const EARLIEST_SET_TIME = '2000-01-01T00:00:00.000Z';

export const SET_TIME_IN_FUTURE_MESSAGE = "must not be in the future (more than 5 minutes ahead of the server's clock)";
export const SET_TIME_TOO_EARLY_MESSAGE = `must not be before ${EARLIEST_SET_TIME.slice(0, 10)}`;

/** Why a completion time cannot be right, or null: `now` is the server's clock. */
export function setTimeProblem(time: Date, now: Date): string | null {
  if (time.getTime() > now.getTime() + SET_TIME_CLOCK_SKEW_MS) return SET_TIME_IN_FUTURE_MESSAGE;
  if (time.getTime() < Date.parse(EARLIEST_SET_TIME)) return SET_TIME_TOO_EARLY_MESSAGE;
  return null;
}
