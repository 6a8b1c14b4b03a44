import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DubbingLanguages, DubbingPage } from '@vocalis/contracts/dubbing';

import { api, requestRaw } from '@/lib/api-client';
import { useLiveCollection } from '@/lib/live';

export const dubbingKeys = {
  all: ['dubbing'] as const,
  languages: ['dubbing', 'languages'] as const,
  resources: ['dubbing', 'resource'] as const,
};

/** GET /v1/dubbing: the newest 50 dubs. */
export function getDubs(signal?: AbortSignal) {
  return api.get<DubbingPage>('/v1/dubbing', { signal, params: { page_size: 50 } });
}

/**
 * The list, refetched whenever the live `dubbing` collection reports a change (progress, finished); so are
 * the open dubs' segments (a job that re-dubs segments clears their "edited" marks, and may finish between
 * two list fetches, so the list's status alone would not show it).
 */
export function useDubs() {
  const queryClient = useQueryClient();
  const refetch = () => {
    void queryClient.invalidateQueries({ queryKey: dubbingKeys.all, exact: true });
    void queryClient.invalidateQueries({ queryKey: dubbingKeys.resources });
  };
  useLiveCollection('dubbing', refetch, refetch);
  return useQuery(
    queryOptions({
      queryKey: dubbingKeys.all,
      queryFn: ({ signal }) => getDubs(signal),
      staleTime: 0,
      // A dub in progress is also polled, in case the live channel is down.
      refetchInterval: (q) => (q.state.data?.dubs.some((d) => d.status === 'dubbing') ? 3000 : false),
    }),
  );
}

/** GET /v1/dubbing/languages: the pairs this server can dub. */
export function useDubbingLanguages() {
  return useQuery({
    queryKey: dubbingKeys.languages,
    queryFn: ({ signal }) => api.get<DubbingLanguages>('/v1/dubbing/languages', { signal }),
    staleTime: 60_000,
  });
}

/** The dubbed media of a language as a blob (with the session's token). */
export async function getDubMedia(id: string, language: string): Promise<Blob> {
  return (
    await requestRaw(`/v1/dubbing/${encodeURIComponent(id)}/audio/${encodeURIComponent(language)}`)
  ).blob();
}

/** The dubbed audio of a language as mp3 (a video dub's audio track). */
export async function getDubAudio(id: string, language: string): Promise<Blob> {
  return (
    await requestRaw(
      `/v1/dubbing/${encodeURIComponent(id)}/audio/${encodeURIComponent(language)}?audio_only=true`,
    )
  ).blob();
}

/** Subtitles of the source or a language (the route answers them as a JSON string). */
export function getDubSubtitles(id: string, language: string, format: 'srt' | 'webvtt'): Promise<string> {
  return api.get<string>(`/v1/dubbing/${encodeURIComponent(id)}/transcript/${encodeURIComponent(language)}`, {
    params: { format_type: format },
  });
}
