import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ListHistoryResponse } from '@vocalis/contracts/history';

import { api } from '@/lib/api-client';

/** History page size: "supplied by the caller" (§9). */
export const HISTORY_PAGE_SIZE = 30;

/** The filters of the history list; empty values are left out of the query. */
export type HistoryFilters = {
  search?: string;
  voiceId?: string;
  /** Unix seconds, inclusive bounds of the date range. */
  dateAfterUnix?: number;
  dateBeforeUnix?: number;
  sortDirection: 'asc' | 'desc';
  /** Only items of this source (the speech-to-speech history shows STS). */
  source?: string;
};

export const historyKeys = {
  all: ['history'] as const,
  list: (filters: HistoryFilters) => ['history', 'list', filters] as const,
};

/** GET /v1/history: one keyset page, starting after `cursor` (the previous page's last_history_item_id). */
export function getHistory(filters: HistoryFilters, cursor: string | undefined, signal?: AbortSignal) {
  return api.get<ListHistoryResponse>('/v1/history', {
    signal,
    params: {
      page_size: HISTORY_PAGE_SIZE,
      start_after_history_item_id: cursor,
      search: filters.search || undefined,
      voice_id: filters.voiceId || undefined,
      date_after_unix: filters.dateAfterUnix,
      date_before_unix: filters.dateBeforeUnix,
      sort_direction: filters.sortDirection,
      source: filters.source,
    },
  });
}

export const historyQueryOptions = (filters: HistoryFilters) =>
  infiniteQueryOptions({
    queryKey: historyKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getHistory(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // Generations arrive from the text-to-speech page and the API at any time: refetch on every visit.
    staleTime: 0,
    getNextPageParam: (last) =>
      last.has_more && last.last_history_item_id ? last.last_history_item_id : undefined,
  });

export function useHistory(filters: HistoryFilters) {
  return useInfiniteQuery(historyQueryOptions(filters));
}
