/** Every timing and limit of the workout screens, in one place (docs/product-rules.md, "Workout timings"). */
import type { WeightUnit } from '@hit/contracts';

// Kept equal to WEIGHT_UNITS, MAX_WEIGHT and MAX_REPS in @hit/contracts (constants.test.ts checks it): a value imported
// from there would pull zod into this remote's bundle (docs/architecture.md, "One-way dependencies").
/** The units a set is logged in. */
export const WEIGHT_UNITS: readonly WeightUnit[] = ['lbs', 'kg'];
/** The heaviest weight a set may have (the api refuses more). */
export const MAX_WEIGHT = 2000;
/** The most reps a set may have (the api refuses more). */
export const MAX_REPS = 1000;

/** The rest timer opens this long after a set is completed, when the exercise has sets left. */
export const REST_TIMER_DELAY_MS = 500;
/** The next exercise becomes active this long after the last set of the current one. */
export const NEXT_EXERCISE_DELAY_MS = 1500;
/** The workout is finished (saved, ended, marked complete) this long after its last set. */
export const COMPLETION_CALLBACK_DELAY_MS = 1000;
/** Rest between sets: 3 minutes. */
export const REST_TIMER_SECONDS = 180;

/** The coaching tip appears this long after the workout starts... */
export const TIP_DELAY_MS = 10_000;
/** ...and goes by itself after 13 minutes on screen. */
export const TIP_HIDE_AFTER_MS = 780_000;
/** A swipe or drag longer than this dismisses the tip. */
export const TIP_SWIPE_THRESHOLD_PX = 100;

/** How long the 'Great job! Time to increase weight' toast stays. */
export const GREAT_JOB_TOAST_MS = 6000;
/** A working set of more than this many reps earns the great-job toast. */
export const GREAT_JOB_REPS = 12;

/** The welcome modal opens this long after a user is present and closes this long after dismissal. */
export const WELCOME_MODAL_DELAY_MS = 500;
export const WELCOME_MODAL_CLOSE_MS = 300;

/** Rest recommended between workout days. */
export const REST_PERIOD_HOURS = 48;

/** A second tap on Complete Set this soon after the first is a double tap, not the next set. */
export const COMPLETE_SET_DOUBLE_TAP_MS = 400;
/**
 * How long 'Workout Complete!' waits for the api to take the finished workout before it says it will sync later: a
 * reachable api answers in well under a second, a dead network fails at once, a bad one is not waited out.
 */
export const SYNC_WAIT_MS = 3000;
