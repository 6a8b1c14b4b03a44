import { useEffect, useRef, useState } from 'react';

/**
 * True while `active`, and — once it has become true — for at least `minMs` overall, so a spinner
 * for a fast request does not flash for a single frame.
 */
export function useMinimumDuration(active: boolean, minMs: number): boolean {
  const [lingering, setLingering] = useState(false);
  const shownAt = useRef<number | null>(null);

  if (active && shownAt.current === null) shownAt.current = Date.now();

  useEffect(() => {
    if (active) {
      setLingering(true);
      return;
    }
    if (shownAt.current === null) return;
    const remaining = minMs - (Date.now() - shownAt.current);
    if (remaining <= 0) {
      shownAt.current = null;
      setLingering(false);
      return;
    }
    const timer = setTimeout(() => {
      shownAt.current = null;
      setLingering(false);
    }, remaining);
    return () => clearTimeout(timer);
  }, [active, minMs]);

  return active || lingering;
}
