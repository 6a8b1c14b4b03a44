import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { showErrorToast } from '@/lib/error-toast';

import { historyKeys } from './get-history';

/** DELETE /v1/history/{id}. */
export function deleteHistoryItem(id: string) {
  return api.delete<{ status: 'ok' }>(`/v1/history/${encodeURIComponent(id)}`);
}

/** Deletes several items one call each (the API has no bulk delete), then refreshes the list. */
export function useDeleteHistoryItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      const results = await Promise.allSettled(ids.map((id) => deleteHistoryItem(id)));
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
    onError: (error) => showErrorToast(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: historyKeys.all }),
  });
}
