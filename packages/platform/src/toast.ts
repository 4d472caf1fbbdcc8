import { useSyncExternalStore } from 'react';

/** Toasts show one at a time, for 5 s unless told otherwise (docs/product-rules.md, "Error messages and toasts"). */
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: ToastVariant;
  durationMs?: number;
}

export type CurrentToast = ToastOptions & { id: number };

// One store for the whole app: @hit/platform is a shared singleton, so every remote's toast() lands here and the
// shell's one viewport shows it. The timer is driven by a wall-clock end time
// (docs/architecture.md, "Front-end rules").
let current: CurrentToast | null = null;
let nextId = 1;
let endsAt = 0;
let remainingWhenPaused: number | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
/** Toasts waiting their turn behind the one on screen (toastInTurn): each shows when the one before it goes. */
let waiting: ToastOptions[] = [];
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function clearTimer() {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}

function schedule() {
  clearTimer();
  const wait = endsAt - Date.now();
  if (wait <= 0) return dismissToast();
  // A throttled (background) timer can fire late but never early; re-check the clock when it does.
  timer = setTimeout(schedule, wait);
}

/** Shows a toast, replacing the one on screen (and any waiting their turn). */
export function toast(options: ToastOptions): void {
  waiting = [];
  show(options);
}

/**
 * Shows toasts one after the other, each for its own duration (or until dismissed), the first at once: one toast at a
 * time, none covering another (e.g. a new personal record, then the great-job advice of the same set).
 */
export function toastInTurn(list: readonly ToastOptions[]): void {
  if (list.length === 0) return;
  const [first, ...rest] = list;
  toast(first);
  waiting = rest;
}

function show(options: ToastOptions): void {
  const durationMs = options.durationMs ?? TOAST_DURATION_MS;
  current = { ...options, variant: options.variant ?? 'default', durationMs, id: nextId++ };
  remainingWhenPaused = null;
  endsAt = Date.now() + durationMs;
  schedule();
  emit();
}

/** Hides the toast on screen, if any; the next one waiting its turn shows then. */
export function dismissToast(): void {
  clearTimer();
  remainingWhenPaused = null;
  const next = waiting.shift();
  if (next) return show(next);
  if (!current) return;
  current = null;
  emit();
}

/** Stops the toast's clock (the pointer or focus is on it), keeping the time it has left. */
export function pauseToast(): void {
  if (!current || remainingWhenPaused !== null) return;
  clearTimer();
  remainingWhenPaused = Math.max(0, endsAt - Date.now());
}

/** Restarts the toast's clock with the time it had left when paused. */
export function resumeToast(): void {
  if (!current || remainingWhenPaused === null) return;
  endsAt = Date.now() + remainingWhenPaused;
  remainingWhenPaused = null;
  schedule();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const getSnapshot = () => current;

/** The toast on screen (or null), with the functions to show and hide one. */
export function useToast(): { toast: typeof toast; current: CurrentToast | null; dismiss: () => void } {
  const shown = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toast, current: shown, dismiss: dismissToast };
}
