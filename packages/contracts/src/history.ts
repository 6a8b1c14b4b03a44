import { z } from 'zod';

/** Where a history item came from (the SDK's history `source` values). */
export const HISTORY_SOURCES = [
  'TTS',
  'STS',
  'Projects',
  'PD',
  'AN',
  'Dubbing',
  'PlayAPI',
  'ConvAI',
  'VoiceGeneration',
  'InVPC',
  'Flows',
  'VoicePreview',
  /** Sound effects (decision 104). */
  'SFX',
] as const;
export const historySource = z.enum(HISTORY_SOURCES);

/** content-and-workspace.md §3 "Feedback on a history item". */
export const historyFeedback = z
  .object({
    thumbs_up: z.boolean(),
    feedback: z.string(),
    emotions: z.boolean(),
    inaccurate_clone: z.boolean(),
    glitches: z.boolean(),
    audio_quality: z.boolean(),
    other: z.boolean(),
    review_status: z.string(),
  })
  .meta({ id: 'HistoryFeedback' });

/** One line of a dialogue generation (the SDK's DialogueInputResponseModel). */
export const historyDialogueLine = z
  .object({ text: z.string(), voice_id: z.string(), voice_name: z.string() })
  .meta({ id: 'HistoryDialogueLine' });
export type HistoryDialogueLine = z.infer<typeof historyDialogueLine>;

/** One history item, in the SDK's SpeechHistoryItemResponse shape. */
export const historyItem = z
  .object({
    history_item_id: z.string(),
    request_id: z.string().nullable(),
    voice_id: z.string().nullable(),
    model_id: z.string().nullable(),
    voice_name: z.string().nullable(),
    voice_category: z.string().nullable(),
    text: z.string(),
    date_unix: z.number().int(),
    character_count_change_from: z.number().int(),
    character_count_change_to: z.number().int(),
    content_type: z.string(),
    state: z.string(),
    settings: z.record(z.string(), z.unknown()).nullable(),
    feedback: historyFeedback.nullable(),
    share_link_id: z.string().nullable(),
    source: historySource,
    output_format: z.string().nullable(),
    /** Text to dialogue: the lines with their voices (absent for single-voice items). */
    dialogue: z.array(historyDialogueLine).optional(),
    /** Sound-generation items (source SFX) carry their id under this name too (decision 104). */
    sound_generation_history_item_id: z.string().optional(),
  })
  .meta({ id: 'HistoryItem' });

const unix = z.coerce.number().int().min(0);

export const listHistoryQuery = z.object({
  page_size: z.coerce.number().int().min(1).max(1000).default(100),
  /** Paging cursor: the last history_item_id of the previous page. */
  start_after_history_item_id: z.string().min(1).max(64).optional(),
  voice_id: z.string().min(1).max(64).optional(),
  model_id: z.string().min(1).max(128).optional(),
  search: z.string().max(1000).optional(),
  source: historySource.optional(),
  date_before_unix: unix.optional(),
  date_after_unix: unix.optional(),
  sort_direction: z.enum(['asc', 'desc']).default('desc'),
});

export const listHistoryResponse = z
  .object({
    history: z.array(historyItem),
    last_history_item_id: z.string().nullable(),
    has_more: z.boolean(),
    /** date_unix of the last item scanned: where the next page starts. */
    scanned_until: z.number().int().nullable(),
  })
  .meta({ id: 'HistoryList' });

export const historyItemParams = z.object({ history_item_id: z.string().min(1).max(64) });

export const deleteHistoryItemResponse = z.object({ status: z.literal('ok') });

export const downloadHistoryBody = z.object({
  history_item_ids: z.array(z.string().min(1).max(64)).min(1).max(1000),
  /** Accepted for compatibility; items are delivered in the format they were generated in. */
  output_format: z.string().max(32).nullish(),
});

/** POST /v1/history/{id}/feedback. */
export const historyFeedbackBody = z.object({
  thumbs_up: z.boolean(),
  feedback: z.string().max(5000).nullish(),
  emotions: z.boolean().default(false),
  inaccurate_clone: z.boolean().default(false),
  glitches: z.boolean().default(false),
  audio_quality: z.boolean().default(false),
  other: z.boolean().default(false),
});

export const historyFeedbackResponse = z.object({ status: z.literal('ok'), message: z.string() });

export type HistoryItem = z.infer<typeof historyItem>;
export type HistoryFeedbackBody = z.infer<typeof historyFeedbackBody>;
export type ListHistoryQuery = z.infer<typeof listHistoryQuery>;
export type ListHistoryResponse = z.infer<typeof listHistoryResponse>;
