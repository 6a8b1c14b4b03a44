import { useQuery } from '@tanstack/react-query';
import type { ListApiKeysResponse } from '@vocalis/contracts/api-keys';
import type { Model } from '@vocalis/contracts/models';

import { api } from '@/lib/api-client';

/** GET /v1/models, for model names in the usage breakdown. */
export function useModelNames() {
  return useQuery({
    queryKey: ['models'] as const,
    queryFn: ({ signal }) => api.get<Model[]>('/v1/models', { signal }),
    select: (models) => new Map(models.map((m) => [m.model_id, m.name])),
  });
}

/** GET /v1/service-accounts/{user_id}/api-keys, for API key names in the usage breakdown. */
export function useApiKeyNames(userId: string | undefined) {
  return useQuery({
    queryKey: ['api-keys', userId] as const,
    queryFn: ({ signal }) =>
      api.get<ListApiKeysResponse>(`/v1/service-accounts/${encodeURIComponent(userId ?? '')}/api-keys`, {
        signal,
      }),
    enabled: Boolean(userId),
    select: (data) => new Map(data['api-keys'].map((k) => [k.key_id, `${k.name} (${k.hint})`])),
  });
}
