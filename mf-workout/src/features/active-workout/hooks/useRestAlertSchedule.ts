import { useEffect } from 'react';
import { cancelRestAlert, scheduleRestAlert, useRestAlertChoice } from '@hit/platform';
import type { RestAlertRest } from '../logic/restAlert';

/**
 * Keeps the api's rest-over push in step with the rest on screen (issue #22), on a device that chose the alert: a
 * running rest schedules its push for its end (PUT /api/push/rest; a resumed rest again, with its new end); when that
 * rest stops running before its end (pause, Skip Rest, undo, Exit, finishing, leaving the screen) the push is called off
 * (DELETE). A rest that ran out leaves its push alone: it is due, and the service worker shows it only when this page
 * is not on screen. Nothing here waits or fails the workout: offline, a rest simply has no push.
 */
export function useRestAlertSchedule(rest: RestAlertRest | null): void {
  const choice = useRestAlertChoice();
  const endsAt = rest?.endsAt;
  const set = rest?.set;
  const exercise = rest?.exercise;

  useEffect(() => {
    if (choice !== 'on' || endsAt === undefined || set === undefined || exercise === undefined) return undefined;
    scheduleRestAlert({ endsAt: new Date(endsAt).toISOString(), next: { set, exercise } });
    return () => {
      if (Date.now() < endsAt) cancelRestAlert();
    };
  }, [choice, endsAt, set, exercise]);
}
