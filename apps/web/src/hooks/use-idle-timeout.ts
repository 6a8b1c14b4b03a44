import { useEffect, useRef } from 'react';

/** The activity that resets the inactivity timer (accounts.md §4): mouse, key, click, scroll, touch. */
export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'click',
  'scroll',
  'wheel',
  'touchstart',
] as const;

/**
 * Calls `onIdle` once after `timeoutSeconds` without activity (mouse, key, click, scroll, touch or the
 * page becoming visible); does nothing when the timeout is unset (null, undefined or 0). A timer held
 * back in a background tab is caught up: activity after the deadline ends the session instead of
 * resetting it.
 */
export function useIdleTimeout(timeoutSeconds: number | null | undefined, onIdle: () => void): void {
  const onIdleRef = useRef(onIdle);
  useEffect(() => {
    onIdleRef.current = onIdle;
  }, [onIdle]);

  useEffect(() => {
    if (!timeoutSeconds || timeoutSeconds <= 0) return;
    const timeoutMs = timeoutSeconds * 1000;
    let deadline = Date.now() + timeoutMs;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;

    const expire = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      onIdleRef.current();
    };
    const arm = () => {
      clearTimeout(timer);
      deadline = Date.now() + timeoutMs;
      timer = setTimeout(expire, timeoutMs);
    };
    const onActivity = () => {
      if (done) return;
      if (Date.now() >= deadline) expire();
      else arm();
    };

    arm();
    const options = { passive: true, capture: true } as const;
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, options);
    document.addEventListener('visibilitychange', onActivity);
    return () => {
      done = true;
      clearTimeout(timer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, options);
      document.removeEventListener('visibilitychange', onActivity);
    };
  }, [timeoutSeconds]);
}
