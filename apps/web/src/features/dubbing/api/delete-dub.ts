import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { dubbingKeys } from './get-dubs';

/** DELETE /v1/dubbing/{id}. */
export function deleteDub(id: string) {
  return api.delete<{ status: 'ok' }>(`/v1/dubbing/${encodeURIComponent(id)}`);
}

export function useDeleteDub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDub,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dubbingKeys.all, exact: true }),
  });
}
