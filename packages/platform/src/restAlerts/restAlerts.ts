import { useEffect, useState, useSyncExternalStore } from 'react';
import { REST_ALERT_OFFER } from '@hit/contracts/rules';
import { restAlertChoice, useRestAlertChoice } from './choice';
import type { RestAlertAvailability, RestAlertPlan } from './client';

// The rest-over alert (issue #22) as the apps use it. What is here is small and always loaded; the push client itself
// (availability, permission, subscription, the api calls) is ./client, a chunk of its own loaded on first use: the
// first rest of a workout, the account panel, or a sign-in on a device that chose the alert.

type RestAlertClient = typeof import('./client');

let loading: Promise<RestAlertClient> | null = null;

/** The push client's chunk, loaded once (again after a failed load: the network may be back). */
export function loadRestAlertClient(): Promise<RestAlertClient> {
  loading ??= import(/* webpackChunkName: "rest-alerts" */ './client').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * A rest is running on this device: its push is scheduled for its end (when the device chose the alert). Never
 * waits, never throws: offline, or with the api refusing, that rest simply has no push.
 */
export function scheduleRestAlert(plan: RestAlertPlan): void {
  if (restAlertChoice() !== 'on') return;
  void loadRestAlertClient()
    .then((client) => client.scheduleRestAlert(plan))
    .catch(() => undefined);
}

/** The rest was paused, skipped, undone or left before its end: its push is called off. Never waits, never throws. */
export function cancelRestAlert(): void {
  if (restAlertChoice() !== 'on') return;
  void loadRestAlertClient()
    .then((client) => client.cancelRestAlert())
    .catch(() => undefined);
}

/**
 * Someone signed in on this browser. Signing out made the api forget this device's subscription; a device that chose
 * the alert, with notifications still allowed, hands it over again, quietly (nothing is asked, nothing is said).
 */
export function resaveRestAlertAfterSignIn(): void {
  if (restAlertChoice() !== 'on') return;
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  void loadRestAlertClient()
    .then((client) => client.resaveSubscription())
    .catch(() => undefined);
}

let loadedClient: RestAlertClient | null = null;
/** What the last check found on this device, for every switch on the page (the rest timer's, the account panel's). */
let availability: RestAlertAvailability | null = null;
const listeners = new Set<() => void>();

function setAvailability(next: RestAlertAvailability): void {
  const same =
    availability !== null &&
    availability.available === next.available &&
    (availability.available || (!next.available && availability.reason === next.reason));
  if (same) return;
  availability = next;
  for (const listener of listeners) listener();
}

function subscribeAvailability(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const currentAvailability = () => availability;

/**
 * Loads the push client and checks what this device can do (again each time: notifications may have been blocked in
 * the browser's settings since). The switches show the answer.
 */
export async function checkRestAlertAvailability(): Promise<RestAlertAvailability> {
  const client = await loadRestAlertClient();
  const checked = await client.checkRestAlerts();
  loadedClient = client;
  setAvailability(checked);
  return checked;
}

export type RestAlertSetting =
  /** The push client is loading, or could not be loaded (offline before it was ever kept): nothing to show. */
  | { status: 'checking' }
  /** Push cannot work on this device: the sentence says why and what to do (REST_ALERT_UNAVAILABLE). */
  | { status: 'unavailable'; message: string }
  | {
      status: 'ready';
      /** REST_ALERT_OFFER */
      label: string;
      on: boolean;
      /** Turning on: the browser's question, the subscription and the api's answer are under way. */
      busy: boolean;
      /** Why turning on failed, in a sentence; null otherwise. */
      message: string | null;
      turnOn: () => void;
      turnOff: () => void;
    };

/**
 * The alert's switch, for the rest timer's offer and the account panel: loads the push client when `enabled` becomes
 * true, says whether this device can have the alert and turns it on or off. The permission question is asked only
 * inside turnOn, called from the lifter's tap.
 */
export function useRestAlertSetting(enabled: boolean): RestAlertSetting {
  const choice = useRestAlertChoice();
  const checked = useSyncExternalStore(subscribeAvailability, currentAvailability, () => null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (enabled) checkRestAlertAvailability().catch(() => undefined);
  }, [enabled]);

  const client = loadedClient;
  if (!enabled || !client || !checked) return { status: 'checking' };
  if (!checked.available) return { status: 'unavailable', message: checked.message };
  return {
    status: 'ready',
    label: REST_ALERT_OFFER,
    on: choice === 'on',
    busy,
    message,
    turnOn: () => {
      if (busy) return;
      setBusy(true);
      setMessage(null);
      // Called in the tap itself: the browser's permission question must come from a user gesture.
      void client.turnOnRestAlerts().then((result) => {
        setBusy(false);
        if (result.on) return;
        setMessage(result.message);
        if (result.availability) setAvailability(result.availability);
      });
    },
    turnOff: () => {
      setMessage(null);
      void client.turnOffRestAlerts();
    },
  };
}
