import { z } from 'zod';

const multipartFile = z
  .unknown()
  .optional()
  .meta({ description: 'The audio or video (a multipart part named audio).' });

/** The multipart fields of POST /v1/audio-isolation (and /stream). */
export const isolationFields = z.looseObject({
  audio: multipartFile,
  file_format: z.enum(['pcm_s16le_16', 'other']).optional(),
});

export const isolationHistoryQuery = z.object({
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  search: z.string().max(200).optional(),
});

export const isolationItemParams = z.object({ history_item_id: z.string().min(1).max(64) });

/** The SDK's AudioIsolationHistoryItemResponseModel. */
export const isolationHistoryItem = z
  .object({
    id: z.string(),
    title: z.string(),
    created_at_unix: z.number().int(),
    format: z.string(),
    duration_seconds: z.number(),
    download_url: z.string(),
    original_url: z.string(),
    supports_video: z.boolean(),
    processing: z.boolean(),
    video_processing_failed: z.boolean(),
  })
  .meta({ id: 'AudioIsolationHistoryItem' });

export const isolationHistoryResponse = z
  .object({ items: z.array(isolationHistoryItem), has_more: z.boolean() })
  .meta({ id: 'AudioIsolationHistory' });

export const isolationDeleteResponse = z.object({ status: z.literal('ok') });

export type IsolationHistoryItem = z.infer<typeof isolationHistoryItem>;
export type IsolationHistoryResponse = z.infer<typeof isolationHistoryResponse>;
