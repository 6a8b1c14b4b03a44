import { z } from 'zod';

/** The spec's live collections (accounts.md §3). */
export const liveCollection = z.enum([
  'user',
  'workspace',
  'project',
  'chapter',
  'block',
  'message',
  'event',
  'dubbing',
  /** Speech-to-text transcripts of the workspace (status changes of webhook-mode and page jobs). */
  'transcript',
  /** A workspace voice's changes (professional voice training progress, decision 084). */
  'voice',
  /** Batch calls of the workspace: status and counts as the recipients are called (decision 252). */
  'batch_call',
]);
export type LiveCollection = z.infer<typeof liveCollection>;

/** Browser → server over /v1/live. */
export const liveClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), collection: liveCollection }),
  z.object({ type: z.literal('unsubscribe'), collection: liveCollection }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

/** Server → browser over /v1/live. */
export const liveServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), user_id: z.string() }),
  z.object({ type: z.literal('subscribed'), collection: liveCollection }),
  z.object({ type: z.literal('unsubscribed'), collection: liveCollection }),
  z.object({
    type: z.literal('change'),
    collection: liveCollection,
    op: z.enum(['insert', 'update', 'delete']),
    id: z.string(),
    /** The document as the reader may see it; null on delete or when too large to carry (refetch it). */
    data: z.unknown().nullable(),
  }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessage>;
