import type { HistoryItem } from '@vocalis/contracts/history';
import { useQuery } from '@tanstack/react-query';

import { api, isHttpError } from '@/lib/api-client';

/** The fields of a history item the player needs (GET /v1/history/{id}); the rest is ignored here. */
export type HistoryItemSummary = {
  history_item_id: string;
  voice_name?: string | null;
  voice_category?: string | null;
  model_id?: string | null;
  date_unix?: number | null;
};

/** GET /v1/history/{id}; null while the item is not (yet) there. */
export async function getHistoryItem(id: string, signal?: AbortSignal): Promise<HistoryItemSummary | null> {
  try {
    return await api.get<HistoryItemSummary>(`/v1/history/${encodeURIComponent(id)}`, { signal });
  } catch (error) {
    if (isHttpError(error) && (error.status === 404 || error.status === 405)) return null;
    throw error;
  }
}

/** GET /v1/history/{id}/audio: the stored file. */
export const historyAudioUrl = (id: string) => `/v1/history/${encodeURIComponent(id)}/audio`;

/** The whole history item ("Regenerate" loads its text, voice, model and settings); off without an id. */
export const useHistoryItem = (id: string | null) =>
  useQuery({
    queryKey: ['history', 'item', id] as const,
    queryFn: ({ signal }) => api.get<HistoryItem>(`/v1/history/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    staleTime: Infinity,
    retry: false,
  });
