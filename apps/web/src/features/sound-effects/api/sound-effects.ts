import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HistoryItem } from '@vocalis/contracts/history';
import type { SoundCategoryDto } from '@vocalis/contracts/sound-effects';

import { api, requestRaw } from '@/lib/api-client';

export const sfxKeys = {
  all: ['sound-effects'] as const,
  history: ['sound-effects', 'history'] as const,
  categories: ['sound-effects', 'categories'] as const,
};

export type SoundRequest = {
  text: string;
  duration_seconds: number | null;
  prompt_influence: number;
  loop: boolean;
};
export type Sound = { audio: Blob; id: string | null; seconds: number; categories: string[] };

/** POST /v1/sound-generation: the sound as mp3, with its history item id and the categories made. */
export async function generateSound(input: SoundRequest): Promise<Sound> {
  const response = await requestRaw('/v1/sound-generation', { method: 'POST', body: input });
  return {
    audio: await response.blob(),
    id: response.headers.get('history-item-id'),
    seconds: Number(response.headers.get('x-sound-seconds') ?? 0),
    categories: (response.headers.get('x-sound-categories') ?? '').split(',').filter(Boolean),
  };
}

export function useGenerateSound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateSound,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sfxKeys.history }),
  });
}

/** GET /v1/history?source=SFX: the newest 50 sound effects. */
export const useSoundHistory = () =>
  useQuery(
    queryOptions({
      queryKey: sfxKeys.history,
      queryFn: ({ signal }) =>
        api.get<{ history: HistoryItem[] }>('/v1/history', {
          signal,
          params: { source: 'SFX', page_size: 50 },
        }),
      staleTime: 0,
    }),
  );

/** GET /v1/sound-generation/categories: what the generator makes, with example prompts. */
export const useSoundCategories = () =>
  useQuery(
    queryOptions({
      queryKey: sfxKeys.categories,
      queryFn: ({ signal }) =>
        api.get<{ categories: SoundCategoryDto[]; generator: string }>('/v1/sound-generation/categories', {
          signal,
        }),
      staleTime: Infinity,
    }),
  );

/** An audio file of the API (history audio, a preview) as a blob, with the session's token. */
export async function getAudio(path: string): Promise<Blob> {
  return (await requestRaw(path)).blob();
}

/** DELETE /v1/history/{id}. */
export function useDeleteSound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/v1/history/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sfxKeys.history }),
  });
}
