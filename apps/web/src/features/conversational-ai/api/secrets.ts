import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { secretsPage } from '@vocalis/contracts/conversational-ai-settings';
import type { z } from 'zod';

import { api } from '@/lib/api-client';

export type Secret = z.infer<typeof secretsPage>['secrets'][number];

export const secretKeys = { all: ['convai-secrets'] as const };
const keys = secretKeys;

/** GET /v1/convai/secrets: names and what uses them; values are never returned (decision 151). */
export const useSecrets = () =>
  useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) => api.get<{ secrets: Secret[] }>('/v1/convai/secrets', { signal }),
  });

export function useCreateSecret() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; value: string }) =>
      api.post<{ secret_id: string; name: string }>('/v1/convai/secrets', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteSecret() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<object>(`/v1/convai/secrets/${encodeURIComponent(id)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}
