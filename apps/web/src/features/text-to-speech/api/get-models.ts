import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Model } from '@vocalis/contracts/models';

import { api } from '@/lib/api-client';

/** GET /v1/models. */
export function getModels(signal?: AbortSignal) {
  return api.get<Model[]>('/v1/models', { signal });
}

export const modelsQueryOptions = () =>
  queryOptions({
    queryKey: ['models'] as const,
    queryFn: ({ signal }) => getModels(signal),
    // The eleven_* entries are aliases of the built-in models (for copied API code), not choices.
    select: (models) => models.filter((m) => m.can_do_text_to_speech && !m.alias_of),
    staleTime: 5 * 60_000,
  });

export function useModels() {
  return useQuery(modelsQueryOptions());
}
