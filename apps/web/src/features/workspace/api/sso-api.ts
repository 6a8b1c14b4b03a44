import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DomainVerification,
  IdentityProvider,
  UserAutoProvisioningSettings,
} from '@vocalis/contracts/sso';

import { api } from '@/lib/api-client';

export const ssoKeys = {
  all: ['workspace', 'sso'] as const,
  providers: ['workspace', 'sso', 'providers'] as const,
  domains: ['workspace', 'sso', 'domains'] as const,
  provisioning: ['workspace', 'sso', 'provisioning'] as const,
};

export const useIdentityProviders = () =>
  useQuery({
    queryKey: ssoKeys.providers,
    queryFn: ({ signal }) =>
      api.get<{ identity_providers: IdentityProvider[] }>('/v1/workspace/identity-providers', { signal }),
  });

export const useDomains = (enabled: boolean) =>
  useQuery({
    queryKey: ssoKeys.domains,
    enabled,
    queryFn: ({ signal }) =>
      api.get<{ domains: DomainVerification[] }>('/v1/workspace/domain-verifications', { signal }),
  });

export const useAutoProvisioning = () =>
  useQuery({
    queryKey: ssoKeys.provisioning,
    queryFn: ({ signal }) =>
      api.get<UserAutoProvisioningSettings>('/v1/workspace/user-auto-provisioning', { signal }),
  });

function useSsoMutation<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ssoKeys.all }),
  });
}

export type NewProvider =
  | { type: 'oidc'; name?: string; issuer: string; client_id: string; client_secret: string }
  | {
      type: 'saml';
      name?: string;
      identity_provider_entity_id: string;
      sso_url: string;
      certificate: string;
    };

export const useCreateProvider = () =>
  useSsoMutation((body: NewProvider) => api.post<IdentityProvider>('/v1/workspace/identity-providers', body));
export const useDeleteProvider = () =>
  useSsoMutation((id: string) => api.delete(`/v1/workspace/identity-providers/${encodeURIComponent(id)}`));
export const useAddDomain = () =>
  useSsoMutation((domain: string) =>
    api.post<DomainVerification>('/v1/workspace/domain-verifications', { domain }),
  );
export const useVerifyDomain = () =>
  useSsoMutation((id: string) =>
    api.post<DomainVerification>(`/v1/workspace/domain-verifications/${encodeURIComponent(id)}/verify`),
  );
export const useSetAutoProvisioning = () =>
  useSsoMutation((enabled: boolean) =>
    api.put<UserAutoProvisioningSettings>('/v1/workspace/user-auto-provisioning', { enabled }),
  );

export type ProviderChange = { enabled?: boolean; domains?: string[]; idp_initiated_enabled?: boolean };
export const useUpdateProvider = () =>
  useSsoMutation(({ id, change }: { id: string; change: ProviderChange }) =>
    api.patch<IdentityProvider>(`/v1/workspace/identity-providers/${encodeURIComponent(id)}`, change),
  );
