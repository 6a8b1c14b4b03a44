import { isClearedOnSignOut, runOnceKey, storageKey } from '@vocalis/domain/ui-constants';

/**
 * Browser storage under the product prefix (accounts.md §3): app keys are written as 'xi:<name>'
 * so sign-out can clear them all; run-once flags live under 'xi:run_once:<name>'.
 */

const STORAGE_EVENT = 'vocalis:storage';

function localStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Reads a JSON value stored under the prefixed key; `fallback` when absent or unreadable. */
export function readStored<T>(name: string, fallback: T): T {
  const raw = localStore()?.getItem(storageKey(name));
  if (raw === null || raw === undefined) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

/** Writes a JSON value under the prefixed key and tells same-tab listeners. */
export function writeStored<T>(name: string, value: T): void {
  const key = storageKey(name);
  try {
    localStore()?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or privacy mode: the value simply is not persisted.
  }
  window.dispatchEvent(new CustomEvent(STORAGE_EVENT, { detail: key }));
}

export function removeStored(name: string): void {
  const key = storageKey(name);
  localStore()?.removeItem(key);
  window.dispatchEvent(new CustomEvent(STORAGE_EVENT, { detail: key }));
}

/** Subscribes to changes of one prefixed key, from this tab or another. */
export function subscribeStored(name: string, onChange: () => void): () => void {
  const key = storageKey(name);
  const onLocal = (event: Event) => {
    const changed = (event as CustomEvent<string | null>).detail;
    if (changed === key || changed === null) onChange();
  };
  const onOther = (event: StorageEvent) => {
    if (event.key === key || event.key === null) onChange();
  };
  window.addEventListener(STORAGE_EVENT, onLocal);
  window.addEventListener('storage', onOther);
  return () => {
    window.removeEventListener(STORAGE_EVENT, onLocal);
    window.removeEventListener('storage', onOther);
  };
}

/** Runs `fn` the first time `name` is seen on this browser; returns whether it ran. */
export function runOnce(name: string, fn: () => void): boolean {
  const store = localStore();
  const key = runOnceKey(name);
  if (store && store.getItem(key) !== null) return false;
  try {
    store?.setItem(key, String(Date.now()));
  } catch {
    // Not persisted: the action may run again on a later visit, which is the safe side.
  }
  fn();
  return true;
}

function clearPrefixed(store: Storage | null): void {
  if (!store) return;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key !== null && isClearedOnSignOut(key)) keys.push(key);
  }
  keys.forEach((key) => store.removeItem(key));
}

/** Sign-out clearing (accounts.md §4): removes every prefixed key from local and session storage. */
export function clearSignedOutStorage(): void {
  clearPrefixed(localStore());
  try {
    clearPrefixed(typeof window === 'undefined' ? null : window.sessionStorage);
  } catch {
    // sessionStorage can throw in sandboxed frames.
  }
  window.dispatchEvent(new CustomEvent(STORAGE_EVENT, { detail: null }));
}
