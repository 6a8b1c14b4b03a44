import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Voice } from '@vocalis/contracts/voices';

import { api } from '@/lib/api-client';

const VOICES_STALE_MS = 5 * 60_000;

/** GET /v1/voices, for the voice filter. */
export function getVoices(signal?: AbortSignal) {
  return api.get<{ voices: Voice[] }>('/v1/voices', { signal });
}

export const voicesQueryOptions = () =>
  queryOptions({
    queryKey: ['voices'] as const,
    queryFn: ({ signal }) => getVoices(signal),
    select: (data) => data.voices,
    staleTime: VOICES_STALE_MS,
  });

export function useVoices() {
  return useQuery(voicesQueryOptions());
}
