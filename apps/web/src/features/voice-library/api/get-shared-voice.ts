import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LibraryVoice } from '@vocalis/contracts/voice-library';

import { api } from '@/lib/api-client';

/** GET /v1/voices/{public_user_id}/{voice_id}: a shared voice's public page. */
export function getSharedVoice(publicUserId: string, voiceId: string, signal?: AbortSignal) {
  return api.get<LibraryVoice>(
    `/v1/voices/${encodeURIComponent(publicUserId)}/${encodeURIComponent(voiceId)}`,
    { signal },
  );
}

export const sharedVoiceQueryOptions = (publicUserId: string, voiceId: string) =>
  queryOptions({
    queryKey: ['shared-voice', publicUserId, voiceId] as const,
    queryFn: ({ signal }) => getSharedVoice(publicUserId, voiceId, signal),
    retry: false,
  });

export function useSharedVoice(publicUserId: string, voiceId: string) {
  return useQuery(sharedVoiceQueryOptions(publicUserId, voiceId));
}
