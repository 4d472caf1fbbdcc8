import { useEffect, useState } from 'react';

/**
 * False until the frame holding the component's first commit has been painted, then true (a timer queued by that
 * frame's animation callback): for work a screen's first paint must not wait for, such as a chunk asked for only
 * once the screen shows (issue #21: the charts on /progress, the active workout on /home).
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
