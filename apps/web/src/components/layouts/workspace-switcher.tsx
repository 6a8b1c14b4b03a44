import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkspaceSummary } from '@vocalis/contracts/workspace';

import { toast } from '@/components/ui/toast/toast-store';
import { api } from '@/lib/api-client';
import { errorToastMessage } from '@/lib/error-toast';
import { sessionToken } from '@/lib/session-token';

/** GET /v1/workspaces (the workspace pages share the key, so they refresh it after changes). */
const useWorkspaces = () =>
  useQuery({
    queryKey: ['workspace', 'list'],
    queryFn: ({ signal }) => api.get<{ workspaces: WorkspaceSummary[] }>('/v1/workspaces', { signal }),
    select: (d) => d.workspaces,
  });

/** Switches workspace: a fresh session token (it claims the new one), then every query reads again. */
function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (workspaceId: string) => {
      await api.post('/v1/workspace/switch', { workspace_id: workspaceId });
      await sessionToken.renew();
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** The shell's workspace switcher: the workspaces the user belongs to; picking one makes it current. */
export function WorkspaceSwitcher() {
  const { data: workspaces } = useWorkspaces();
  const switchTo = useSwitchWorkspace();
  if (!workspaces || workspaces.length === 0) return null;
  const current = workspaces.find((w) => w.is_current) ?? workspaces[0]!;
  return (
    <div className="px-4 pt-4">
      <label className="block text-xs font-medium text-zinc-500 dark:text-zinc-400">
        Workspace
        <select
          aria-label="Workspace"
          className="mt-1 block h-9 w-full truncate rounded-lg border border-zinc-200 bg-white px-2 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-white"
          value={current.workspace_id}
          disabled={switchTo.isPending || workspaces.length < 2}
          onChange={(e) =>
            switchTo.mutate(e.target.value, {
              onSuccess: () => {
                const name = workspaces.find((w) => w.workspace_id === e.target.value)?.name;
                toast.success(`Switched to ${name ?? 'the workspace'}`);
              },
              onError: (err) => toast.error(errorToastMessage(err)),
            })
          }
        >
          {workspaces.map((w) => (
            <option key={w.workspace_id} value={w.workspace_id}>
              {w.name}
              {w.is_personal && w.is_owner ? ' (personal)' : ''}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
