import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Voice } from '@vocalis/contracts/voices';

import { api } from '@/lib/api-client';

/** "Voices and saved items cached for 604800 s (7 days)" (§9): voices rarely change in a session. */
const VOICES_STALE_MS = 5 * 60_000;

/** The stored selected voice (§9 "Storage keys: selected model, speech-to-speech model, voice …"). */
export const SELECTED_VOICE_STORAGE = 'voice';

/** "Voice previews: 'We are sorry, something went wrong.'" (§8). */
export const VOICE_PREVIEW_ERROR = 'We are sorry, something went wrong.';

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
