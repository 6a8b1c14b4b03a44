import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { isolationKeys } from './get-isolation-history';

/** DELETE /v1/audio-isolation/history/{id}. */
export function deleteIsolation(id: string) {
  return api.delete<{ status: 'ok' }>(`/v1/audio-isolation/history/${encodeURIComponent(id)}`);
}

export function useDeleteIsolation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteIsolation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: isolationKeys.all }),
  });
}
