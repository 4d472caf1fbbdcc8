import { useSyncExternalStore } from 'react';

// The rest-over alert (issue #22) is chosen per device, not per account: this browser's choice and its device id live
// in localStorage. Signing out keeps both (the api forgets the device's subscription; signing in again here saves it
// again, see resaveRestAlertAfterSignIn), so nothing has to be chosen twice on one phone.

/** 'on' once this device has a subscription the api took; 'off' once the lifter said no (here or in the account panel). */
export type RestAlertChoice = 'on' | 'off';

export const REST_ALERT_CHOICE_KEY = 'hit-rest-alert';
export const DEVICE_ID_KEY = 'hit-device-id';

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // some private modes throw on access
  }
}

/** This device's choice, or null before it made one. */
export function restAlertChoice(): RestAlertChoice | null {
  try {
    const value = storage()?.getItem(REST_ALERT_CHOICE_KEY);
    return value === 'on' || value === 'off' ? value : null;
  } catch {
    return null;
  }
}

export function setRestAlertChoice(choice: RestAlertChoice): void {
  try {
    storage()?.setItem(REST_ALERT_CHOICE_KEY, choice);
  } catch {
    // Storage full or refused: the choice lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === REST_ALERT_CHOICE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** This device's choice, re-rendering when it changes (in this tab or another). */
export function useRestAlertChoice(): RestAlertChoice | null {
  return useSyncExternalStore(subscribe, restAlertChoice, () => null);
}

/** A version 4 UUID, from crypto.randomUUID where the browser has it (secure contexts), else from random bytes. */
function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

let pageDeviceId: string | null = null;

/** This device as the api knows its subscription and its scheduled rest: made once, kept in localStorage. */
export function deviceId(): string {
  try {
    const stored = storage()?.getItem(DEVICE_ID_KEY);
    if (stored) return stored;
    const made = pageDeviceId ?? newUuid();
    storage()?.setItem(DEVICE_ID_KEY, made);
    pageDeviceId = made;
    return made;
  } catch {
    pageDeviceId ??= newUuid();
    return pageDeviceId;
  }
}
