import { useDeferredValue, useLayoutEffect, useRef, useState } from 'react';

/** Width taken where the element measures 0 (no layout, as in jsdom) or ResizeObserver is missing. */
export const FALLBACK_WIDTH = 600;
const MIN_WIDTH = 280;

/**
 * The content width of the element behind the returned ref, kept current with a ResizeObserver; null until the
 * element's first commit has measured it (before the browser paints).
 */
export function useElementWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = (next: number) => setWidth(next > 0 ? Math.max(MIN_WIDTH, Math.floor(next)) : FALLBACK_WIDTH);
    measure(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry && entry.contentRect.width > 0) measure(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return { ref, width };
}

/**
 * The width a chart is drawn at: null on its first render, where the chart lays out an empty box of its height
 * beside the screen's text, then the box's measured width, drawn in a transition (useDeferredValue): the screen
 * paints its text before the SVG is built, the SVG is built once and at its real width, and building it yields to
 * the browser instead of holding the main thread (issue #21, Lighthouse LCP and TBT on /progress).
 */
export function useChartWidth<T extends HTMLElement>() {
  const { ref, width } = useElementWidth<T>();
  return { ref, width: useDeferredValue(width, null) };
}
