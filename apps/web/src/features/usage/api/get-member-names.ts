import { useQuery } from '@tanstack/react-query';
import type { WorkspaceMember } from '@vocalis/contracts/workspace';

import { api } from '@/lib/api-client';

/** The current workspace's members by user id (for the by-member breakdown), shown by email. */
export const useMemberNames = (enabled: boolean) =>
  useQuery({
    queryKey: ['workspace', 'members'],
    queryFn: ({ signal }) => api.get<WorkspaceMember[]>('/v1/workspace/members', { signal }),
    select: (members) => new Map(members.map((m) => [m.user_id, m.email])),
    enabled,
  });
