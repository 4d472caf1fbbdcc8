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

/** One message of a toast: its title and what it says under it. */
export interface ToastMessage {
  title: string;
  description?: string;
}

/** The toast on screen: its first message as title and description, every message in `messages`. */
export type CurrentToast = ToastOptions & { id: number; messages: readonly ToastMessage[] };

// One store for the whole app: @hit/platform is a shared singleton, so every remote's toast() lands here and the
// shell's one viewport shows it. The timer is driven by a wall-clock end time
// (docs/architecture.md, "Front-end rules").
let current: CurrentToast | null = null;
let nextId = 1;
let endsAt = 0;
let remainingWhenPaused: number | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
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

/** Shows a toast, replacing the one on screen. */
export function toast(options: ToastOptions): void {
  toastInTurn([options]);
}

/**
 * Shows what one moment raises (a set's new record, then its goal, then the great-job advice) as one toast, its
 * messages in turn from top to bottom, for the longest of their durations. None waits behind another: a toast queued
 * for later arrived after the lifter had moved on to the next exercise, out of context.
 */
export function toastInTurn(list: readonly ToastOptions[]): void {
  if (list.length === 0) return;
  const [first] = list;
  const durationMs = Math.max(...list.map((options) => options.durationMs ?? TOAST_DURATION_MS));
  const destructive = list.some((options) => options.variant === 'destructive');
  current = {
    ...first,
    variant: destructive ? 'destructive' : (first.variant ?? 'default'),
    durationMs,
    id: nextId++,
    messages: list.map(({ title, description }) => ({ title, description })),
  };
  remainingWhenPaused = null;
  endsAt = Date.now() + durationMs;
  schedule();
  emit();
}

/** Hides the toast on screen, if any. */
export function dismissToast(): void {
  clearTimer();
  remainingWhenPaused = null;
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
