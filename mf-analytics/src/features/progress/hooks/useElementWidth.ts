import { useDeferredValue, useLayoutEffect, useRef, useState } from 'react';

/** Width taken where the element measures 0 (no layout, as in jsdom, or hidden) or ResizeObserver is missing. */
export const FALLBACK_WIDTH = 600;
const MIN_WIDTH = 280;

const widthOf = (measured: number) => (measured > 0 ? Math.max(MIN_WIDTH, Math.floor(measured)) : FALLBACK_WIDTH);

/**
 * The content width of the element behind the returned ref, null until it has been laid out. A ResizeObserver
 * reports it: its first report comes after the browser's own layout of the element's first frame, so measuring
 * forces no layout of its own (issue #21: a `getBoundingClientRect` in the commit laid the page out inside React's
 * task, 20-40 ms at 1x on /progress); later reports follow the box (a phone turned, a window resized). Without
 * ResizeObserver the element is measured once, in the commit.
 */
export function useElementWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    if (typeof ResizeObserver === 'undefined') {
      setWidth(widthOf(element.getBoundingClientRect().width));
      return undefined;
    }
    const observer = new ResizeObserver((entries) => {
      const measured = entries[0]?.contentRect.width ?? 0;
      // A box hidden later keeps the width it was drawn at.
      setWidth((current) => (measured > 0 || current === null ? widthOf(measured) : current));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return { ref, width };
}

/**
 * The width a chart is drawn at: null until its box has been laid out; a new width (the box resized) is drawn in a
 * transition (useDeferredValue), so building the SVG again yields to the browser instead of holding the main thread.
 */
export function useChartWidth<T extends HTMLElement>() {
  const { ref, width } = useElementWidth<T>();
  return { ref, width: useDeferredValue(width) };
}
