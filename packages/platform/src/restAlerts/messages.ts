// The sentences of the rest-over alert that @hit/contracts does not have (issue #22): turning it on failed after the
// lifter allowed notifications. One sentence each, saying why and that the in-page alarm still works.

/** pushManager.subscribe failed: the browser's push service could not be reached (no network, or none at all). */
export const REST_ALERT_PUSH_FAILED =
  'The alert could not be turned on because the browser’s push service could not be reached; the beep and vibration still work while the app is open.';

/** The api could not be reached (or refused) while the subscription was being saved. */
export const REST_ALERT_SAVE_FAILED =
  'The alert could not be turned on because HIT Tracker could not be reached; the beep and vibration still work while the app is open.';
