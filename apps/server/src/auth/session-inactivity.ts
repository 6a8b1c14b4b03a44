import { isSessionIdleExpired, shouldRecordActivity } from '@vocalis/domain/session-inactivity';
import type { AppDb } from '../db/client';
import { deleteSession, recordSessionActivity } from './session-activity.repo';

/**
 * The server half of the workspace's session_inactivity_timeout (accounts.md §4): a session idle longer
 * than the timeout is ended (deleted, so its cookie and bearer token stop working) and the request is
 * refused; otherwise the use is recorded as activity. The session's updated_at is its last activity.
 * Answers whether the session may be used.
 */
export async function admitSessionActivity(
  db: AppDb,
  session: { id: string; updatedAt: Date | string; inactivityTimeout: number | null },
  now: Date = new Date(),
): Promise<boolean> {
  const lastActiveAt = new Date(session.updatedAt);
  const timeout = session.inactivityTimeout;
  if (isSessionIdleExpired(lastActiveAt, timeout, now)) {
    await deleteSession(db, session.id);
    return false;
  }
  if (shouldRecordActivity(lastActiveAt, now)) await recordSessionActivity(db, session.id, now);
  return true;
}
