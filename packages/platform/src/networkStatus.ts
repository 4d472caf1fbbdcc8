import { useSyncExternalStore } from 'react';

// Whether HIT Tracker can reach its api. One store for the app (@hit/platform is a shared singleton): apiClient
// reports every request's outcome here, the shell shows the offline status and the sign-in page its sentence.
// navigator.onLine false is trusted (no network at all); true is not (a wifi without internet, or the api down).

let apiUnreachable = false;
let browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
const listeners = new Set<() => void>();
// The errors of requests that got no answer at all: told apart from an answer that was an error.
const networkFailures = new WeakSet<object>();

function emit(): void {
  for (const listener of listeners) listener();
}

function setApiUnreachable(next: boolean): void {
  if (apiUnreachable === next) return;
  apiUnreachable = next;
  emit();
}

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => {
    browserOffline = true;
    emit();
  });
  window.addEventListener('online', () => {
    browserOffline = false;
    emit();
  });
}

/** True while the api cannot be reached: the last request got no answer, or the browser has no network. */
export function isOffline(): boolean {
  return apiUnreachable || browserOffline;
}

/** Called on every change of `isOffline()` (and on the browser's online/offline events). */
export function subscribeNetworkStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The error of a request that got no answer (no network, or the api is down), not an error answer. */
export function isNetworkFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && networkFailures.has(error);
}

export interface ReachabilityOptions {
  /**
   * False for an answer the service worker may serve from its own copy (the remote map): it then proves nothing
   * about the api. A failure still counts.
   */
  answerProvesReachable?: boolean;
}

/** fetch, noting whether the api answered: any answer, even an error status, means it is reachable. */
export async function fetchNotingReachability(
  input: string,
  init: RequestInit,
  { answerProvesReachable = true }: ReachabilityOptions = {},
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    // An aborted request was cancelled by the app, not refused by the network.
    if (error instanceof Error && error.name === 'AbortError') throw error;
    if (typeof error === 'object' && error !== null) networkFailures.add(error);
    setApiUnreachable(true);
    throw error;
  }
  if (answerProvesReachable) setApiUnreachable(false);
  return response;
}

/** Whether the app is offline (see `isOffline`), re-rendering when that changes. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribeNetworkStatus, isOffline, isOffline);
}
