import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VoiceSettingsResponse } from '@vocalis/contracts/voices';

import { api } from '@/lib/api-client';

/** GET /v1/voices/settings/default. */
export function getDefaultVoiceSettings(signal?: AbortSignal) {
  return api.get<VoiceSettingsResponse>('/v1/voices/settings/default', { signal });
}

export const defaultVoiceSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['voices', 'settings', 'default'] as const,
    queryFn: ({ signal }) => getDefaultVoiceSettings(signal),
    staleTime: Infinity,
  });

export function useDefaultVoiceSettings() {
  return useQuery(defaultVoiceSettingsQueryOptions());
}
