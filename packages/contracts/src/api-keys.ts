import { z } from 'zod';
import { visibleName } from './visible-name';

/** ElevenLabs' permission types (scopes) an xi-api-key can be limited to. */
export const PERMISSION_TYPES = [
  'text_to_speech',
  'speech_to_speech',
  'speech_to_text',
  'models_read',
  'models_write',
  'voices_read',
  'voices_write',
  'voice_collections_read',
  'voice_collections_write',
  'speech_history_read',
  'speech_history_write',
  'sound_generation',
  'audio_isolation',
  'voice_generation',
  'dubbing_read',
  'dubbing_write',
  'pronunciation_dictionaries_read',
  'pronunciation_dictionaries_write',
  'user_read',
  'user_write',
  'projects_read',
  'projects_write',
  'audio_native_read',
  'audio_native_write',
  'workspace_read',
  'workspace_write',
  'forced_alignment',
  'convai_read',
  'convai_write',
  'music_generation',
  'image_video_generation',
  'flows',
  'templates',
  'add_voice_from_voice_library',
  'create_instant_voice_clone',
  'create_professional_voice_clone',
  'publish_voice_to_voice_library',
  'share_voice_externally',
  'create_user_api_key',
  'workspace_analytics_full_read',
  'webhooks_write',
  'service_account_write',
  'group_members_manage',
  'workspace_members_read',
  'workspace_members_invite',
  'workspace_members_remove',
  'terms_of_service_accept',
  'audit_log_read',
  'conversation_privacy_manage',
  'copy_resources_cross_workspace',
  'synthid_detector',
] as const;

export const permissionType = z.enum(PERMISSION_TYPES);
/** 'all' or a list of scopes (the SDK's create body). */
export const apiKeyPermissions = z.union([
  z.literal('all'),
  z.array(permissionType).max(PERMISSION_TYPES.length),
]);

/** Shown in lists and usage charts: no bidi overrides or invisible characters. */
const name = visibleName(100);
/** Characters the key may spend; at most the int4 column. */
const characterLimit = z.number().int().min(0).max(2_147_483_647);

export const serviceAccountParams = z.object({ service_account_user_id: z.string().min(1).max(64) });
export const apiKeyParams = serviceAccountParams.extend({ api_key_id: z.string().min(1).max(64) });

/** POST /v1/service-accounts/{id}/api-keys (ElevenLabs' body; concurrency and IP options are not supported). */
export const createApiKeyBody = z
  .object({ name, permissions: apiKeyPermissions, character_limit: characterLimit.nullable().optional() })
  .strict();

/** PATCH /v1/service-accounts/{id}/api-keys/{key}: every field optional; 'no_update' leaves it, 'clear' removes the limit. */
export const editApiKeyBody = z
  .object({
    is_enabled: z.union([z.boolean(), z.literal('no_update')]).optional(),
    name: name.optional(),
    permissions: z.union([apiKeyPermissions, z.literal('no_update')]).optional(),
    character_limit: z
      .union([characterLimit, z.literal('clear'), z.literal('no_update')])
      .nullable()
      .optional(),
  })
  .strict();

/** One key as listed (the SDK's WorkspaceApiKeyResponseModel, plus last_used_at_unix). */
export const apiKey = z
  .object({
    name: z.string(),
    /** The key's preview, e.g. `sk_...1a2b`. */
    hint: z.string(),
    key_id: z.string(),
    service_account_user_id: z.string(),
    created_at_unix: z.number().int(),
    last_used_at_unix: z.number().int().nullable(),
    is_disabled: z.boolean(),
    /** The key's scopes; absent when the key has every scope ('all'), as the SDK's list type cannot say 'all'. */
    permissions: z.array(permissionType).optional(),
    character_limit: z.number().int().nullable(),
    character_count: z.number().int(),
    hashed_xi_api_key: z.string(),
  })
  .meta({ id: 'ApiKey' });

export const listApiKeysResponse = z.object({ 'api-keys': z.array(apiKey) }).meta({ id: 'ApiKeyList' });
/** The plain key, shown this once. */
export const createApiKeyResponse = z
  .object({ 'xi-api-key': z.string(), key_id: z.string() })
  .meta({ id: 'CreatedApiKey' });

export type PermissionType = z.infer<typeof permissionType>;
export type ApiKeyPermissions = z.infer<typeof apiKeyPermissions>;
export type ApiKey = z.infer<typeof apiKey>;
export type ListApiKeysResponse = z.infer<typeof listApiKeysResponse>;
export type CreateApiKeyBody = z.infer<typeof createApiKeyBody>;
export type CreateApiKeyResponse = z.infer<typeof createApiKeyResponse>;
export type EditApiKeyBody = z.infer<typeof editApiKeyBody>;
