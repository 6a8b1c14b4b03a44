import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Voice } from '@vocalis/contracts/voices';

import { api } from '@/lib/api-client';

/** GET /v1/voices/{id}: one of my voices with its sharing (the owner's view). */
export function getVoice(voiceId: string, signal?: AbortSignal) {
  return api.get<Voice>(`/v1/voices/${encodeURIComponent(voiceId)}`, { signal });
}

export const voiceQueryOptions = (voiceId: string) =>
  queryOptions({
    queryKey: ['voice', voiceId] as const,
    queryFn: ({ signal }) => getVoice(voiceId, signal),
    retry: false,
  });

export function useVoice(voiceId: string | null) {
  return useQuery({ ...voiceQueryOptions(voiceId ?? ''), enabled: voiceId !== null });
}
