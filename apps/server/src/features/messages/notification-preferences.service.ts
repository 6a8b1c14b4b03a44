import { updateNotificationPreferencesBody } from '@vocalis/contracts/notification-preferences';
import {
  preferencesFrom,
  splitChange,
  type NotificationPreferences,
} from '@vocalis/domain/notification-preferences';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { notificationOptOuts } from '../../db/schema/notification-preferences';
import { badRequest } from '../../errors';

/** Each user reads and changes only their own notification preferences. */
export class NotificationPreferencesService {
  constructor(private readonly db: AppDb) {}

  async get(userId: string): Promise<NotificationPreferences> {
    const rows = await this.db
      .select({ kind: notificationOptOuts.kind })
      .from(notificationOptOuts)
      .where(eq(notificationOptOuts.userId, userId));
    return preferencesFrom(rows.map((r) => r.kind));
  }

  /** Applies a partial change; a body that is not a valid change is refused whole (400, nothing stored). */
  async update(userId: string, body: unknown): Promise<NotificationPreferences> {
    const parsed = updateNotificationPreferencesBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      throw badRequest(
        `Invalid notification preferences. ${where}${issue?.message ?? ''}`.trim(),
        'invalid_notification_preferences',
      );
    }
    const { off, on } = splitChange(parsed.data);
    await this.db.transaction(async (tx) => {
      if (on.length > 0)
        await tx
          .delete(notificationOptOuts)
          .where(and(eq(notificationOptOuts.userId, userId), inArray(notificationOptOuts.kind, on)));
      if (off.length > 0)
        await tx
          .insert(notificationOptOuts)
          .values(off.map((kind) => ({ userId, kind })))
          .onConflictDoNothing();
    });
    return this.get(userId);
  }
}
