import type { Message } from '@vocalis/contracts/messages';
import type { AppDb } from '../../db/client';
import { notFound } from '../../errors';
import { newId } from '../../lib/ids';
import type { EventBus } from '../../live/event-bus';
import { presentMessage } from './messages.presenter';
import * as repo from './messages.repo';

export type NewMessage = {
  severity: Message['severity'];
  title: string;
  description?: string;
  needsAttention?: boolean;
};

/** Notifications: each user reads and marks only their own. */
export class MessagesService {
  constructor(
    private readonly db: AppDb,
    private readonly bus: EventBus,
  ) {}

  /** Sends one notification to each of the given users and pushes it to their open browsers. */
  async notify(userIds: string[], message: NewMessage): Promise<Message[]> {
    const rows = await repo.insertMessages(
      this.db,
      userIds.map((userId) => ({
        id: newId(),
        userId,
        severity: message.severity,
        title: message.title,
        description: message.description ?? '',
        needsAttention: message.needsAttention ?? false,
      })),
    );
    for (const row of rows) this.publish('insert', row);
    return rows.map(presentMessage);
  }

  async list(
    userId: string,
    query: { page_size: number; start_after_message_id?: string; unread_only: boolean },
  ) {
    let after: repo.MessageRow | undefined;
    if (query.start_after_message_id) {
      after = await repo.findMessage(this.db, userId, query.start_after_message_id);
      if (!after) throw notFound('Message not found.', 'message_not_found');
    }
    const [rows, unread] = await Promise.all([
      repo.listMessages(this.db, userId, {
        limit: query.page_size + 1,
        after,
        unreadOnly: query.unread_only,
      }),
      repo.countUnread(this.db, userId),
    ]);
    return {
      messages: rows.slice(0, query.page_size).map(presentMessage),
      unread_count: unread,
      has_more: rows.length > query.page_size,
    };
  }

  async markRead(userId: string, messageId: string) {
    const row = await repo.markRead(this.db, userId, messageId);
    if (!row) throw notFound('Message not found.', 'message_not_found');
    this.publish('update', row);
    return { unread_count: await repo.countUnread(this.db, userId) };
  }

  async markAllRead(userId: string) {
    const rows = await repo.markAllRead(this.db, userId);
    for (const row of rows) this.publish('update', row);
    return { unread_count: await repo.countUnread(this.db, userId) };
  }

  private publish(op: 'insert' | 'update', row: repo.MessageRow) {
    this.bus.publish({
      collection: 'message',
      op,
      id: row.id,
      data: presentMessage(row),
      audience: { userIds: [row.userId] },
    });
  }
}
