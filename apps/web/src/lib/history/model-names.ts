import type { Model } from '@vocalis/contracts/models';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** A model's name for people; an id the server no longer lists is shown as it is. */
export function modelName(
  models: readonly Pick<Model, 'model_id' | 'name'>[] | undefined,
  id: string,
): string {
  return models?.find((m) => m.model_id === id)?.name ?? id;
}

/**
 * GET /v1/models, whole (aliases included: an item made through an ElevenLabs id names that model).
 * The cache is the text-to-speech page's ['models'] entry; that page filters it with its own `select`.
 */
export const useModelList = () =>
  useQuery({
    queryKey: ['models'] as const,
    queryFn: ({ signal }) => api.get<Model[]>('/v1/models', { signal }),
    staleTime: 5 * 60_000,
  });
