import { useCallback, useSyncExternalStore } from 'react';

import { readStored, subscribeStored, writeStored } from '@/lib/storage';

/**
 * A JSON value in localStorage under the 'xi:' prefix, shared by every component that reads the
 * same name (and by other tabs). Cleared on sign-out with the other prefixed keys.
 */
export function useLocalStorage<T>(
  name: string,
  initialValue: T,
): [T, (value: T | ((prev: T) => T)) => void] {
  // Snapshot as the raw string so useSyncExternalStore compares by value, not by parsed identity.
  const getSnapshot = useCallback(() => JSON.stringify(readStored<T | null>(name, null)), [name]);
  const raw = useSyncExternalStore(
    useCallback((onChange) => subscribeStored(name, onChange), [name]),
    getSnapshot,
    () => 'null',
  );
  const parsed = JSON.parse(raw) as T | null;
  const value = parsed === null ? initialValue : parsed;

  const setValue = useCallback(
    (next: T | ((prev: T) => T)) => {
      const stored = readStored<T | null>(name, null);
      const previous = stored === null ? initialValue : stored;
      writeStored(name, typeof next === 'function' ? (next as (prev: T) => T)(previous) : next);
    },
    [name, initialValue],
  );

  return [value, setValue];
}
