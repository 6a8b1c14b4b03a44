import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ResourceMetadata,
  ShareResourceBody,
  TransferResourceBody,
  UnshareResourceBody,
} from '@vocalis/contracts/workspace-resources';

import { api } from '@/lib/api-client';
import { showErrorToast } from '@/lib/error-toast';

export type SharedResourceType = ResourceMetadata['resource_type'];
export type SharedResource = { type: SharedResourceType; id: string };

const resourceKey = (r: SharedResource) => ['workspace-resource', r.type, r.id] as const;
const resourcePath = (id: string, action = '') =>
  `/v1/workspace/resources/${encodeURIComponent(id)}${action}`;

/** GET /v1/workspace/resources/{id}?resource_type=: creator, grants, baseline and the caller's role. */
export function useResourceAccess(resource: SharedResource | null) {
  return useQuery({
    queryKey: resourceKey(resource ?? { type: 'voice', id: '' }),
    queryFn: ({ signal }) =>
      api.get<ResourceMetadata>(resourcePath(resource!.id), {
        params: { resource_type: resource!.type },
        signal,
      }),
    enabled: resource !== null,
    retry: false,
  });
}

/**
 * Share (POST …/share) or unshare (POST …/unshare) one grantee. Afterwards the dialog's metadata and
 * the lists that filter by access (voices, history) are read again.
 */
export function useChangeAccess(resource: SharedResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      change:
        | { kind: 'share'; body: Omit<ShareResourceBody, 'resource_type'> }
        | { kind: 'unshare'; body: Omit<UnshareResourceBody, 'resource_type'> },
    ) => {
      const body = { ...change.body, resource_type: resource.type };
      await api.post(resourcePath(resource.id, `/${change.kind}`), body);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: resourceKey(resource) });
      void queryClient.invalidateQueries({ queryKey: ['voices'] });
      void queryClient.invalidateQueries({ queryKey: ['history'] });
    },
    onError: (error) => showErrorToast(error),
  });
}

/**
 * POST …/transfer-ownership: the member becomes the resource's creator (the previous one keeps admin access).
 * Afterwards the dialog's metadata and the lists that show creators are read again.
 */
export function useTransferOwnership(resource: SharedResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (userEmail: string) => {
      const body: TransferResourceBody = { resource_type: resource.type, user_email: userEmail };
      await api.post(resourcePath(resource.id, '/transfer-ownership'), body);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: resourceKey(resource) });
      void queryClient.invalidateQueries({ queryKey: ['voices'] });
      void queryClient.invalidateQueries({ queryKey: ['history'] });
    },
    onError: (error) => showErrorToast(error),
  });
}
