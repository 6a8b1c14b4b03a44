import type { NotificationKind } from '@vocalis/domain/notification-preferences';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { notificationOptOuts } from '../../db/schema/notification-preferences';

/**
 * The one check every optional sender makes before sending (decision 168): of `userIds`, the ones who
 * still get notices of `kind`. Security mail never calls this.
 */
export async function recipientsWanting(
  db: AppDb,
  kind: NotificationKind,
  userIds: string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const off = await db
    .select({ userId: notificationOptOuts.userId })
    .from(notificationOptOuts)
    .where(and(eq(notificationOptOuts.kind, kind), inArray(notificationOptOuts.userId, userIds)));
  const silenced = new Set(off.map((r) => r.userId));
  return userIds.filter((id) => !silenced.has(id));
}

/** Whether one user gets notices of `kind`. */
export async function wantsNotice(db: AppDb, kind: NotificationKind, userId: string): Promise<boolean> {
  return (await recipientsWanting(db, kind, [userId])).length === 1;
}
