import { startTransition, useEffect, useState } from 'react';

/** The longest work after the first paint waits for the page's first contentful paint (a tab opened in the background
 * reports none). */
const FIRST_PAINT_WAIT_MS = 2000;

let firstPaintShown: Promise<void> | undefined;

/**
 * Settles once the page's first contentful paint is on the screen: its `paint` entry, which the browser reports only
 * once that frame has been presented (a frame's paint task ends before that, so a timer it queued can still run before
 * the screen shows). At once where the browser reports no paint entries; after FIRST_PAINT_WAIT_MS at most.
 */
function firstContentfulPaintShown(): Promise<void> {
  firstPaintShown ??= new Promise<void>((resolve) => {
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    setTimeout(() => {
      observer.disconnect();
      resolve();
    }, FIRST_PAINT_WAIT_MS);
  });
  return firstPaintShown;
}

/**
 * Runs `action` `delayMs` after the next frame has been painted (a timer queued by that frame's animation callback),
 * and not before the page's first contentful paint is on the screen; the returned function cancels it. Called from an
 * effect, the frame is the one holding the commit: for work a screen's first paint must not wait for (issue #21).
 */
export function afterNextPaint(action: () => void, delayMs = 0): () => void {
  let cancelled = false;
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  void firstContentfulPaintShown().then(() => {
    if (cancelled) return;
    frame = requestAnimationFrame(() => {
      timer = setTimeout(action, delayMs);
    });
  });
  return () => {
    cancelled = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * False until the frame holding the component's first commit has been painted, then true (so the component renders
 * once more): for a part of a screen drawn after its first paint, such as the charts on /progress. That render is a
 * transition, so React yields to the browser while building it (an update from a timer would otherwise render in
 * one task, however large: issue #21, TBT on /progress).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => startTransition(() => setPainted(true))), []);
  return painted;
}
