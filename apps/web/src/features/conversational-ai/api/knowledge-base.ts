import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type KnowledgeDocument = {
  id: string;
  name: string;
  type: string;
  url?: string;
  metadata: { created_at_unix_secs: number; size_bytes: number };
  dependent_agents: { id: string; name: string }[];
};
const keys = { all: ['convai-knowledge-base'] as const };

export const useDocuments = () =>
  useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) =>
      api.get<{ documents: KnowledgeDocument[] }>('/v1/convai/knowledge-base', {
        signal,
        params: { page_size: 100 },
      }),
  });

export function useAddDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: 'text'; name: string; text: string } | { kind: 'url'; url: string }) =>
      input.kind === 'text'
        ? api.post<{ id: string }>('/v1/convai/knowledge-base/text', { name: input.name, text: input.text })
        : api.post<{ id: string }>('/v1/convai/knowledge-base/url', { url: input.url }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteDocument() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete<object>(`/v1/convai/knowledge-base/${encodeURIComponent(id)}`, {
        params: { force: 'true' },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}
