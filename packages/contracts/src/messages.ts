import { z } from 'zod';

export const messageSeverity = z.enum(['info', 'success', 'warning', 'error']);

/** The spec's message/notification entity. */
export const message = z
  .object({
    message_id: z.string(),
    severity: messageSeverity,
    title: z.string(),
    description: z.string(),
    needs_attention: z.boolean(),
    create_date_unix_ms: z.number().int(),
    has_been_read: z.boolean(),
  })
  .meta({ id: 'Message' });

export const listMessagesQuery = z.object({
  page_size: z.coerce.number().int().min(1).max(100).default(30),
  /** Paging cursor: the last message_id of the previous page; the next page continues after it. */
  start_after_message_id: z.string().min(1).max(64).optional(),
  unread_only: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .default(false),
});

export const listMessagesResponse = z
  .object({ messages: z.array(message), unread_count: z.number().int(), has_more: z.boolean() })
  .meta({ id: 'MessageList' });

export const messageIdParams = z.object({ message_id: z.string().min(1).max(64) });

export const markReadResponse = z.object({ unread_count: z.number().int() });

export type Message = z.infer<typeof message>;
export type ListMessagesResponse = z.infer<typeof listMessagesResponse>;
