import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShareStats } from '@vocalis/contracts/voice-library';

import { api } from '@/lib/api-client';

/** GET /v1/voices/{id}/share/stats. */
export function getShareStats(voiceId: string, range: ShareStats['range'], signal?: AbortSignal) {
  return api.get<ShareStats>(`/v1/voices/${encodeURIComponent(voiceId)}/share/stats`, {
    signal,
    params: { range },
  });
}

export const shareStatsQueryOptions = (voiceId: string, range: ShareStats['range']) =>
  queryOptions({
    queryKey: ['share-stats', voiceId, range] as const,
    queryFn: ({ signal }) => getShareStats(voiceId, range, signal),
  });

export function useShareStats(voiceId: string, range: ShareStats['range'], enabled: boolean) {
  return useQuery({ ...shareStatsQueryOptions(voiceId, range), enabled });
}
