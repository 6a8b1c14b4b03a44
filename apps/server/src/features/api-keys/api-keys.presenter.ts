import type { ApiKey, PermissionType } from '@vocalis/contracts/api-keys';
import type { ApiKeyRow } from './api-keys.repo';

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** The API shape of a key (ElevenLabs' WorkspaceApiKeyResponseModel); the key itself is never shown again. */
export function presentApiKey(row: ApiKeyRow): ApiKey {
  return {
    name: row.name,
    hint: row.keyPreview,
    key_id: row.id,
    service_account_user_id: row.userId,
    created_at_unix: unix(row.createdAt),
    last_used_at_unix: row.lastUsedAt ? unix(row.lastUsedAt) : null,
    is_disabled: row.disabled,
    ...(row.permissions === null ? {} : { permissions: row.permissions as PermissionType[] }),
    character_limit: row.characterLimit,
    character_count: row.characterCount,
    hashed_xi_api_key: row.keyHash,
  };
}
