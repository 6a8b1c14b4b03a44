import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  dependentAgentsPage,
  ToolConfig,
  toolResponse,
} from '@vocalis/contracts/conversational-ai-tools';
import type { z } from 'zod';

import { api } from '@/lib/api-client';

import { secretKeys } from './secrets';

export type Tool = z.infer<typeof toolResponse>;
type DependentAgents = z.infer<typeof dependentAgentsPage>;

export const toolKeys = { all: ['convai-tools'] as const };

/** GET /v1/convai/tools: the workspace's tools with their usage (decision 233), the newest 100. */
export const useTools = () =>
  useQuery({
    queryKey: toolKeys.all,
    queryFn: ({ signal }) =>
      api.get<{ tools: Tool[] }>('/v1/convai/tools', { signal, params: { page_size: 100 } }),
  });

/** POST /v1/convai/tools, or PATCH /v1/convai/tools/{id} when an id is given. */
export function useSaveTool() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, config }: { id?: string; config: ToolConfig }) =>
      id
        ? api.patch<Tool>(`/v1/convai/tools/${encodeURIComponent(id)}`, { tool_config: config })
        : api.post<Tool>('/v1/convai/tools', { tool_config: config }),
    // Secrets list the tools that send them.
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: toolKeys.all }),
        qc.invalidateQueries({ queryKey: secretKeys.all }),
      ]),
  });
}

/** DELETE /v1/convai/tools/{id}; `force` also removes it from the agents that use it. */
export function useDeleteTool() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, force }: { id: string; force: boolean }) =>
      api.delete<object>(`/v1/convai/tools/${encodeURIComponent(id)}`, {
        params: force ? { force: 'true' } : undefined,
      }),
    onSuccess: () => qc.invalidateQueries(),
  });
}

/** GET /v1/convai/tools/{id}/dependent-agents. */
export const fetchDependentAgents = (id: string) =>
  api.get<DependentAgents>(`/v1/convai/tools/${encodeURIComponent(id)}/dependent-agents`);
