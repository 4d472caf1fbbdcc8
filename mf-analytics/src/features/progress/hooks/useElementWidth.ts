import { useLayoutEffect, useRef, useState } from 'react';

/** Width assumed before the first measure (and where ResizeObserver is missing, as in tests). */
export const FALLBACK_WIDTH = 600;
const MIN_WIDTH = 280;

/** The content width of the element behind the returned ref, kept current with a ResizeObserver. */
export function useElementWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = (next: number) => {
      if (next > 0) setWidth(Math.max(MIN_WIDTH, Math.floor(next)));
    };
    measure(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) measure(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return { ref, width };
}
