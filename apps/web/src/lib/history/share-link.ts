import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShareLinkResponse, UpdatePublicUserNameResponse } from '@vocalis/contracts/sharing';
import { PUBLIC_NAME_UPDATED } from '@vocalis/domain/sharing';

import { toast } from '@/components/ui/toast/toast-store';
import { api } from '@/lib/api-client';
import { showErrorToast } from '@/lib/error-toast';

import { historyKeys } from './get-history';

const shareLinkKey = (id: string) => [...historyKeys.all, 'share-link', id] as const;

/** GET /v1/history/{id}/share-link: the item's public link (made on first request, then stable). */
export function getShareLink(id: string, signal?: AbortSignal) {
  return api.get<ShareLinkResponse>(`/v1/history/${encodeURIComponent(id)}/share-link`, { signal });
}

export const shareLinkQueryOptions = (id: string) =>
  queryOptions({
    queryKey: shareLinkKey(id),
    queryFn: ({ signal }) => getShareLink(id, signal),
    // A link never changes; the public name is updated in place by the mutation below.
    staleTime: Infinity,
    retry: false,
  });

/** The share link of `id`, fetched only while `id` is set (the modal is open). */
export function useShareLink(id: string | null) {
  return useQuery({ ...shareLinkQueryOptions(id ?? ''), enabled: id !== null });
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
      queryClient.setQueriesData<ShareLinkResponse>(
        { queryKey: [...historyKeys.all, 'share-link'] },
        (link) => (link ? { ...link, public_user_name } : link),
      );
      toast.success(PUBLIC_NAME_UPDATED);
    },
    onError: (error) => showErrorToast(error),
  });
}
