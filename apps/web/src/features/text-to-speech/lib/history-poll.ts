/** "history poll 10 tries, 5 s apart after 1 s" (§9). */
export const HISTORY_POLL_DELAY_MS = 1000;
export const HISTORY_POLL_TRIES = 10;
export const HISTORY_POLL_INTERVAL_MS = 5000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const id = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(id);
      reject(new DOMException('Aborted', 'AbortError'));
    });
  });

/**
 * Waits 1 s, then asks `fetchItem` up to 10 times, 5 s apart, until it returns an item; null when it
 * never does (then the caller saves the collected stream bytes instead, §4).
 */
export async function pollHistoryItem<T>(
  fetchItem: () => Promise<T | null>,
  signal?: AbortSignal,
): Promise<T | null> {
  await sleep(HISTORY_POLL_DELAY_MS, signal);
  for (let attempt = 0; attempt < HISTORY_POLL_TRIES; attempt++) {
    if (attempt > 0) await sleep(HISTORY_POLL_INTERVAL_MS, signal);
    try {
      const item = await fetchItem();
      if (item) return item;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      // Another try follows; a failing history API must not break playback.
    }
  }
  return null;
}
