import type { Message } from '@vocalis/contracts/messages';
import type { MessageRow } from './messages.repo';

/** The API shape of a notification row. */
export function presentMessage(row: MessageRow): Message {
  return {
    message_id: row.id,
    severity: row.severity,
    title: row.title,
    description: row.description,
    needs_attention: row.needsAttention,
    create_date_unix_ms: row.createdAt.getTime(),
    has_been_read: row.hasBeenRead,
  };
}
