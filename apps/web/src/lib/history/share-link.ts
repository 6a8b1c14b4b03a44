import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ShareLinkResponse,
  ShareLinkStatus,
  UpdatePublicUserNameResponse,
} from '@vocalis/contracts/sharing';
import { PUBLIC_NAME_UPDATED } from '@vocalis/domain/sharing';

import { toast } from '@/components/ui/toast/toast-store';
import { api } from '@/lib/api-client';
import { showErrorToast } from '@/lib/error-toast';

import { historyKeys } from './get-history';

const shareStatusKey = (id: string) => [...historyKeys.all, 'share-status', id] as const;

/** GET /v1/history/{id}/share-link/status: published or not; opening the share dialog publishes nothing. */
export function useShareStatus(id: string | null) {
  return useQuery({
    queryKey: shareStatusKey(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<ShareLinkStatus>(`/v1/history/${encodeURIComponent(id ?? '')}/share-link/status`, { signal }),
    enabled: id !== null,
    retry: false,
  });
}

/**
 * Publish (POST /v1/history/{id}/share-link) or turn the link off (DELETE): the dialog's status and the
 * history (its share_link_id) follow.
 */
export function useSetPublished(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (publish: boolean): Promise<ShareLinkStatus> => {
      const path = `/v1/history/${encodeURIComponent(id)}/share-link`;
      if (publish) {
        const link = await api.post<ShareLinkResponse>(path);
        return { published: true, ...link };
      }
      await api.delete<{ status: 'ok' }>(path);
      return { published: false, share_link: null, public_user_name: '' };
    },
    onSuccess: (status) => {
      queryClient.setQueryData<ShareLinkStatus>(shareStatusKey(id), (old) => ({
        ...status,
        public_user_name: status.public_user_name || old?.public_user_name || '',
      }));
      void queryClient.invalidateQueries({
        queryKey: historyKeys.all,
        predicate: (q) => !q.queryKey.includes('share-status'),
      });
    },
    onError: (error) => showErrorToast(error),
  });
}

/** POST /v1/user/update-public-user-name. */
export function updatePublicUserName(name: string) {
  return api.post<UpdatePublicUserNameResponse>('/v1/user/update-public-user-name', {
    public_user_name: name,
  });
}

/** Saves the public name, shows "Public name updated" and updates every share link already fetched. */
export function useUpdatePublicUserName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePublicUserName,
    onSuccess: ({ public_user_name }) => {
      queryClient.setQueriesData<ShareLinkStatus>(
        { queryKey: [...historyKeys.all, 'share-status'] },
        (status) => (status ? { ...status, public_user_name } : status),
      );
      toast.success(PUBLIC_NAME_UPDATED);
    },
    onError: (error) => showErrorToast(error),
  });
}
