import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AuditLogPage,
  PendingInvite,
  ReceivedInvite,
  SecuritySettings,
  WorkspaceGroup,
  WorkspaceMember,
  WorkspaceOverview,
} from '@vocalis/contracts/workspace';

import { api, request } from '@/lib/api-client';
import { sessionToken } from '@/lib/session-token';

export const workspaceKeys = {
  all: ['workspace'] as const,
  current: ['workspace', 'current'] as const,
  list: ['workspace', 'list'] as const,
  members: ['workspace', 'members'] as const,
  invites: ['workspace', 'invites'] as const,
  received: ['workspace', 'received-invites'] as const,
  security: ['workspace', 'security'] as const,
  audit: ['workspace', 'audit'] as const,
};
type Ok = { status: string };

export const useWorkspace = () =>
  useQuery(
    queryOptions({
      queryKey: workspaceKeys.current,
      queryFn: ({ signal }) => api.get<WorkspaceOverview>('/v1/workspace', { signal }),
    }),
  );

export const useMembers = () =>
  useQuery({
    queryKey: workspaceKeys.members,
    queryFn: ({ signal }) => api.get<WorkspaceMember[]>('/v1/workspace/members', { signal }),
  });

function useWorkspaceMutation<V>(fn: (v: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceKeys.all }),
  });
}

export const useUpdateMember = () =>
  useWorkspaceMutation((body: { email: string; is_locked?: boolean; workspace_role?: string }) =>
    api.post<Ok>('/v1/workspace/members', body),
  );

export const useRemoveMember = () =>
  useWorkspaceMutation((email: string) =>
    request<Ok>('/v1/workspace/members', { method: 'DELETE', body: { email } }),
  );

export const useTransferOwnership = () =>
  useWorkspaceMutation((email: string) => api.post<Ok>('/v1/workspace/transfer-ownership', { email }));

export function useLeaveWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.post<Ok>('/v1/workspace/leave');
      await sessionToken.renew();
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export const usePendingInvites = (enabled: boolean) =>
  useQuery({
    queryKey: workspaceKeys.invites,
    queryFn: ({ signal }) => api.get<{ invites: PendingInvite[] }>('/v1/workspace/invites', { signal }),
    select: (d) => d.invites,
    enabled,
  });

export const useInvite = () =>
  useWorkspaceMutation((body: { emails: string[]; seat_type: string }) =>
    api.post<Ok>('/v1/workspace/invites/add-bulk', body),
  );

export const useRevokeInvite = () =>
  useWorkspaceMutation((email: string) =>
    request<Ok>('/v1/workspace/invites', { method: 'DELETE', body: { email } }),
  );

export const useReceivedInvites = () =>
  useQuery({
    queryKey: workspaceKeys.received,
    queryFn: ({ signal }) => api.get<{ invites: ReceivedInvite[] }>('/v1/user/workspace-invites', { signal }),
    select: (d) => d.invites,
  });

/** Accepting lands the user in the workspace: a fresh token and every query reads again. */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      const res = await api.post<{ workspace_id: string; workspace_name: string }>(
        `/v1/workspace/invites/${encodeURIComponent(code)}/accept`,
      );
      await sessionToken.renew();
      return res;
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export const useDeclineInvite = () =>
  useWorkspaceMutation((code: string) =>
    api.post<Ok>(`/v1/workspace/invites/${encodeURIComponent(code)}/decline`),
  );

export const useSecurity = () =>
  useQuery({
    queryKey: workspaceKeys.security,
    queryFn: ({ signal }) => api.get<SecuritySettings>('/v1/workspace/security', { signal }),
  });

export const useUpdateSecurity = () =>
  useWorkspaceMutation((body: Partial<Omit<SecuritySettings, 'can_change'>>) =>
    api.patch<SecuritySettings>('/v1/workspace/security', body),
  );

export const useAuditLog = (enabled: boolean) =>
  useQuery({
    queryKey: workspaceKeys.audit,
    queryFn: ({ signal }) =>
      api.get<AuditLogPage>('/v1/workspace/audit-logs', { signal, params: { limit: 50 } }),
    enabled,
  });

export const useGroups = () =>
  useQuery({
    queryKey: [...workspaceKeys.all, 'groups'],
    queryFn: ({ signal }) => api.get<Record<string, WorkspaceGroup>>('/v1/workspace/groups', { signal }),
    select: (d) => Object.values(d).sort((a, b) => a.name.localeCompare(b.name)),
  });

export const useCreateGroup = () =>
  useWorkspaceMutation((name: string) => api.post<WorkspaceGroup>('/v1/workspace/groups', { name }));
export const useRenameGroup = () =>
  useWorkspaceMutation(({ id, name }: { id: string; name: string }) =>
    api.patch<Ok>(`/v1/workspace/groups/${encodeURIComponent(id)}`, { name }),
  );
export const useDeleteGroup = () =>
  useWorkspaceMutation((id: string) => api.delete<Ok>(`/v1/workspace/groups/${encodeURIComponent(id)}`));
export const useGroupMember = () =>
  useWorkspaceMutation(({ id, email, add }: { id: string; email: string; add: boolean }) =>
    api.post<Ok>(`/v1/workspace/groups/${encodeURIComponent(id)}/members${add ? '' : '/remove'}`, { email }),
  );
