import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VoiceCollection } from '@vocalis/contracts/voice-library';
import type { Voice } from '@vocalis/contracts/voices';

import { api } from '@/lib/api-client';

/** GET /v1/voices/collections. */
export function getCollections(signal?: AbortSignal) {
  return api.get<{ collections: VoiceCollection[] }>('/v1/voices/collections', { signal });
}

export const collectionsQueryOptions = () =>
  queryOptions({
    queryKey: ['voice-collections'] as const,
    queryFn: ({ signal }) => getCollections(signal),
    select: (d) => d.collections,
  });

export function useCollections() {
  return useQuery(collectionsQueryOptions());
}

/** GET /v2/voices?collection_id=…: the voices of one collection. */
export function useCollectionVoices(collectionId: string | null) {
  return useQuery({
    queryKey: ['voice-collections', collectionId, 'voices'] as const,
    queryFn: ({ signal }) =>
      api.get<{ voices: Voice[] }>('/v2/voices', {
        signal,
        params: { collection_id: collectionId, page_size: 100 },
      }),
    enabled: collectionId !== null,
    select: (d) => d.voices,
  });
}

function useCollectionMutation<I>(fn: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['voice-collections'] }),
  });
}

/** POST /v1/voices/collections. */
export const useCreateCollection = () =>
  useCollectionMutation((input: { title: string; icon: string }) =>
    api.post<VoiceCollection>('/v1/voices/collections', input),
  );

/** PATCH /v1/voices/collections/{id}. */
export const useRenameCollection = () =>
  useCollectionMutation((input: { id: string; title: string }) =>
    api.patch<VoiceCollection>(`/v1/voices/collections/${input.id}`, { title: input.title }),
  );

/** DELETE /v1/voices/collections/{id}. */
export const useDeleteCollection = () =>
  useCollectionMutation((id: string) => api.delete(`/v1/voices/collections/${id}`));

/** POST or DELETE /v1/voices/collections/{id}/voice/{voice_id}. */
export const useCollectionVoice = () =>
  useCollectionMutation((input: { id: string; voiceId: string; add: boolean }) =>
    input.add
      ? api.post(`/v1/voices/collections/${input.id}/voice/${encodeURIComponent(input.voiceId)}`)
      : api.delete(`/v1/voices/collections/${input.id}/voice/${encodeURIComponent(input.voiceId)}`),
  );
