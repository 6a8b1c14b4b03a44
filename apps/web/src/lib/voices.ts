import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Voice } from '@vocalis/contracts/voices';

import { api } from '@/lib/api-client';

/** "Voices and saved items cached for 604800 s (7 days)" (§9): voices rarely change in a session. */
const VOICES_STALE_MS = 5 * 60_000;

/** GET /v1/voices (shared by the text-to-speech and history features). */
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
