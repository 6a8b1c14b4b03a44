import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LibraryVoice } from '@vocalis/contracts/voice-library';

import { api } from '@/lib/api-client';

export type LibraryFilters = {
  search?: string;
  gender?: string;
  age?: string;
  accent?: string;
  use_cases?: string;
  sort?: 'created_date' | 'usage_character_count_1y' | 'trending' | 'cloned_by_count';
  page: number;
};

export type LibraryPage = { voices: LibraryVoice[]; has_more: boolean; total_count: number };

export const LIBRARY_PAGE_SIZE = 24;

/** GET /v1/shared-voices. */
export function getSharedVoices(filters: LibraryFilters, signal?: AbortSignal) {
  return api.get<LibraryPage>('/v1/shared-voices', {
    signal,
    params: { ...filters, page_size: LIBRARY_PAGE_SIZE, search: filters.search || undefined },
  });
}

export const sharedVoicesQueryOptions = (filters: LibraryFilters) =>
  queryOptions({
    queryKey: ['shared-voices', filters] as const,
    queryFn: ({ signal }) => getSharedVoices(filters, signal),
    placeholderData: keepPreviousData,
  });

export function useSharedVoices(filters: LibraryFilters) {
  return useQuery(sharedVoicesQueryOptions(filters));
}
