import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IsolationHistoryResponse } from '@vocalis/contracts/audio-isolation';

import { api, requestRaw } from '@/lib/api-client';

export const isolationKeys = { all: ['audio-isolation'] as const };

/** GET /v1/audio-isolation/history: the newest 50. */
export function getIsolationHistory(signal?: AbortSignal) {
  return api.get<IsolationHistoryResponse>('/v1/audio-isolation/history', {
    signal,
    params: { page_size: 50 },
  });
}

export const isolationHistoryQueryOptions = () =>
  queryOptions({
    queryKey: isolationKeys.all,
    queryFn: ({ signal }) => getIsolationHistory(signal),
    staleTime: 0,
  });

export const useIsolationHistory = () => useQuery(isolationHistoryQueryOptions());

/** One stored file of an item (the isolated audio or the original) as a blob, with the session's token. */
export async function getIsolationFile(url: string): Promise<Blob> {
  return (await requestRaw(url)).blob();
}
