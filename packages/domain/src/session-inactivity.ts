/**
 * Session inactivity (accounts.md §4): a workspace may set session_inactivity_timeout (seconds); a
 * session idle longer than that ends. Unset (null) or non-positive means sessions never end for idling.
 */

/** How often the server records a session's activity; an idle check may therefore end a session up to this much early. */
export const SESSION_ACTIVITY_WRITE_INTERVAL_MS = 15_000;

/** True when a session last active at `lastActiveAt` has idled past the workspace's timeout at `now`. */
export function isSessionIdleExpired(
  lastActiveAt: Date,
  timeoutSeconds: number | null | undefined,
  now: Date,
): boolean {
  if (!timeoutSeconds || timeoutSeconds <= 0) return false;
  return now.getTime() - lastActiveAt.getTime() > timeoutSeconds * 1000;
}

/** True when the activity stored at `lastActiveAt` is old enough to be written again at `now`. */
export function shouldRecordActivity(lastActiveAt: Date, now: Date): boolean {
  return now.getTime() - lastActiveAt.getTime() >= SESSION_ACTIVITY_WRITE_INTERVAL_MS;
}
