/** Smooth scrolling, unless the lifter asked the system for less motion. */
export function scrollBehavior(): ScrollBehavior {
  const reduced =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduced ? 'auto' : 'smooth';
}
