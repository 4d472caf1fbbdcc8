// The rest-over alert's words (issue #22; packages/contracts/src/push.ts has its api shapes).

/** The offer in the active workout (the first rest) and the account panel's switch. */
export const REST_ALERT_OFFER = 'Alert me when rest is over, even with the screen locked';

/** The notification's title: `Rest over — next: Working set of Incline Press`. */
export function restOverTitle(setLabel: string, exerciseName: string): string {
  return `Rest over — next: ${setLabel} of ${exerciseName}`;
}

/** Why the alert cannot be had on this device, and what to do (the in-page beep and vibration still work). */
export const REST_ALERT_UNAVAILABLE = {
  unsupported:
    'This browser cannot alert you with the screen locked. The beep and vibration still work while the app is open.',
  denied:
    'Notifications are blocked for this site. Allow them in your browser’s site settings to be alerted with the screen locked; the beep and vibration still work while the app is open.',
  iosNotInstalled:
    'On iPhone and iPad, add HIT Tracker to your Home Screen (Share, then Add to Home Screen) and open it from there to be alerted with the screen locked. The beep and vibration still work while the app is open.',
} as const;
export type RestAlertUnavailableReason = keyof typeof REST_ALERT_UNAVAILABLE;
