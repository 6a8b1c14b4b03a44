import { z } from 'zod';

/**
 * The voice library: sharing settings, shared voices, adding a copy, similar voices, share stats and
 * collections, shaped as @elevenlabs/elevenlabs-js sends and parses them.
 */

const queryFlag = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();
/** A query value the SDK may send once or repeated. */
const many = z
  .union([z.string().max(200), z.array(z.string().max(200)).max(20)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .optional();

export const readerResource = z.object({
  resource_type: z.enum(['read', 'collection']),
  resource_id: z.string().min(1).max(64),
});

/** A voice's `sharing` (SDK `VoiceSharingResponse`): owners see notice period and custom rate, copies the multiplier. */
export const voiceSharing = z
  .object({
    status: z.enum(['enabled', 'disabled', 'copied', 'copied_disabled']),
    public_owner_id: z.string(),
    original_voice_id: z.string(),
    enabled_in_library: z.boolean().optional(),
    date_unix: z.number().int().optional(),
    free_users_allowed: z.boolean().optional(),
    live_moderation_enabled: z.boolean().optional(),
    voice_mixing_allowed: z.boolean().optional(),
    reader_app_enabled: z.boolean().optional(),
    rate: z.number().optional(),
    notice_period: z.number().int().optional(),
    custom_rate: z.number().nullable().optional(),
    disable_at_unix: z.number().int().nullable(),
    whitelisted_emails: z.array(z.string()).optional(),
    history_item_sample_id: z.string().nullable().optional(),
    reader_restricted_on: z.array(readerResource).optional(),
    labels: z.record(z.string(), z.string()),
    cloned_by_count: z.number().int().optional(),
    featured: z.boolean().optional(),
    name: z.string(),
    description: z.string().nullable(),
  })
  .meta({ id: 'VoiceSharingResponse' });
export type VoiceSharing = z.infer<typeof voiceSharing>;

/** POST /v1/voices/{id}/share-library: the spec's sharing settings; given fields replace stored ones. */
export const voiceSharingSettings = z
  .object({
    enable_library: z.boolean().optional(),
    notice_period: z.number().int().min(0).max(730).optional(),
    custom_rate: z.number().min(0.5).max(5).nullable().optional(),
    enable_live_moderation: z.boolean().optional(),
    free_users_allowed: z.boolean().optional(),
    preview_history_item_id: z.string().min(1).max(64).nullable().optional(),
    voice_mixing_allowed: z.boolean().optional(),
    labels: z.record(z.string().min(1).max(50), z.string().max(100)).optional(),
    reader_app_enabled: z.boolean().optional(),
    reader_restricted_on: z.array(readerResource).max(50).optional(),
  })
  .meta({ id: 'VoiceSharingSettings' });
export type VoiceSharingSettingsInput = z.infer<typeof voiceSharingSettings>;

/** POST /v1/voices/{id}/share: turns sharing on or off; `emails` invite people to a voice kept out of the library. */
export const shareVoiceBody = z
  .object({ enable: z.boolean(), emails: z.array(z.email().max(254)).max(100).optional() })
  .meta({ id: 'ShareVoiceRequest' });

export const libraryVoice = z
  .object({
    public_owner_id: z.string(),
    voice_id: z.string(),
    date_unix: z.number().int(),
    name: z.string(),
    accent: z.string(),
    gender: z.string(),
    age: z.string(),
    descriptive: z.string(),
    use_case: z.string(),
    category: z.enum(['generated', 'cloned', 'premade', 'professional', 'famous', 'high_quality']),
    language: z.string(),
    locale: z.string(),
    description: z.string(),
    preview_url: z.string().optional(),
    usage_character_count_1y: z.number().int(),
    usage_character_count_7d: z.number().int(),
    play_api_usage_character_count_1y: z.number().int(),
    cloned_by_count: z.number().int(),
    rate: z.number(),
    free_users_allowed: z.boolean(),
    live_moderation_enabled: z.boolean(),
    featured: z.boolean(),
    is_added_by_user: z.boolean(),
    added_voice_id: z.string().nullable(),
    verified_languages: z.array(
      z.object({
        model_id: z.string(),
        language: z.string(),
        locale: z.string().optional(),
        preview_url: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'LibraryVoiceResponse' });
export type LibraryVoice = z.infer<typeof libraryVoice>;

export const libraryVoicesResponse = z
  .object({
    voices: z.array(libraryVoice),
    has_more: z.boolean(),
    total_count: z.number().int(),
    last_sort_id: z.string().nullable(),
  })
  .meta({ id: 'GetLibraryVoicesResponse' });

export const SHARED_VOICE_SORTS = [
  'created_date',
  'usage_character_count_1y',
  'trending',
  'cloned_by_count',
] as const;
export const sharedVoicesQuery = z.object({
  page_size: z.coerce.number().int().min(1).max(100).default(30),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  category: z.enum(['professional', 'famous', 'high_quality', 'cloned', 'generated']).optional(),
  gender: z.string().max(50).optional(),
  age: z.string().max(50).optional(),
  accent: z.string().max(50).optional(),
  language: z.string().max(20).optional(),
  locale: z.string().max(20).optional(),
  search: z.string().max(200).optional(),
  use_cases: many,
  descriptives: many,
  featured: queryFlag,
  min_notice_period_days: z.coerce.number().int().min(0).max(730).optional(),
  include_custom_rates: queryFlag,
  include_live_moderated: queryFlag,
  reader_app_enabled: queryFlag,
  owner_id: z.string().max(64).optional(),
  sort: z.enum(SHARED_VOICE_SORTS).optional(),
});
export type SharedVoicesQuery = z.infer<typeof sharedVoicesQuery>;

export const sharedVoiceParams = z.object({
  public_user_id: z.string().min(1).max(64),
  voice_id: z.string().min(1).max(64),
});
export const addSharedVoiceBody = z
  .object({ new_name: z.string().trim().min(1).max(100), bookmarked: z.boolean().optional() })
  .meta({ id: 'AddSharedVoiceRequest' });
export const addSharedVoiceResponse = z.object({ voice_id: z.string() }).meta({ id: 'AddVoiceResponse' });

/** POST /v1/similar-voices multipart fields (the file is `audio_file`). */
export const similarVoicesFields = z.looseObject({
  similarity_threshold: z.coerce.number().min(0).max(2).optional(),
  top_k: z.coerce.number().int().min(1).max(100).optional(),
  audio_file: z
    .unknown()
    .optional()
    .meta({ description: 'An audio recording (multipart part named audio_file).' }),
});

export const shareStatsQuery = z.object({
  range: z.enum(['1d', '7d', '30d', '90d', '1y']).default('30d'),
  reader_app: queryFlag,
});
export const shareStatsResponse = z
  .object({
    voice_id: z.string(),
    range: z.enum(['1d', '7d', '30d', '90d', '1y']),
    start_unix: z.number().int(),
    end_unix: z.number().int(),
    reader_app: z.boolean(),
    uses: z.number().int(),
    characters: z.number().int(),
    copies: z.number().int(),
    days: z.array(
      z.object({
        date: z.string(),
        uses: z.number().int(),
        characters: z.number().int(),
        copies: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'VoiceShareStatsResponse' });
export type ShareStats = z.infer<typeof shareStatsResponse>;

export const voiceCollection = z
  .object({
    collection_id: z.string(),
    title: z.string(),
    icon: z.string(),
    permission_on_resource: z.enum(['admin', 'editor', 'commenter', 'viewer']),
    voice_ids: z.array(z.string()),
    created_at_unix: z.number().int(),
  })
  .meta({ id: 'UserVoiceCollectionResponse' });
export type VoiceCollection = z.infer<typeof voiceCollection>;
export const voiceCollectionsResponse = z
  .object({ collections: z.array(voiceCollection) })
  .meta({ id: 'GetUserVoiceCollectionsResponse' });
export const createCollectionBody = z.object({
  title: z.string().trim().min(1).max(100),
  icon: z.string().max(32).default(''),
});
export const updateCollectionBody = z.object({
  title: z.string().trim().min(1).max(100).optional(),
  icon: z.string().max(32).optional(),
});
export const collectionParams = z.object({ collection_id: z.string().min(1).max(64) });
export const collectionVoiceParams = z.object({
  collection_id: z.string().min(1).max(64),
  voice_id: z.string().min(1).max(64),
});
export const collectionIdResponse = z.object({ collection_id: z.string() });
export const collectionVoiceResponse = z.object({ collection_id: z.string(), voice_id: z.string() });
export const voiceLibraryStatus = z.object({ status: z.literal('ok') });
