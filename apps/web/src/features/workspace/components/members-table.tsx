import type { WorkspaceMember, WorkspaceOverview } from '@vocalis/contracts/workspace';

import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';

import { useRemoveMember, useTransferOwnership, useUpdateMember } from '../api/workspace-api';

const fail = (err: unknown) => toast.error(errorToastMessage(err));

/** The members with their roles; admins change roles, disable, remove, and the owner hands the workspace over. */
export function MembersTable({ members, ws }: { members: WorkspaceMember[]; ws: WorkspaceOverview }) {
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const transfer = useTransferOwnership();
  const confirm = useConfirm();

  const onRemove = async (m: WorkspaceMember) => {
    const { confirmed } = await confirm({
      title: `Remove ${m.email}?`,
      description: 'They lose access to this workspace at once, in every session and with every API key.',
      confirmText: 'Remove',
      variant: 'danger',
    });
    if (confirmed)
      remove.mutate(m.email, { onSuccess: () => toast.success(`${m.email} removed`), onError: fail });
  };
  const onTransfer = async (m: WorkspaceMember) => {
    const { confirmed } = await confirm({
      title: `Make ${m.email} the owner?`,
      description: 'They become the owner of this workspace. You stay an admin.',
      confirmText: 'Transfer ownership',
    });
    if (confirmed)
      transfer.mutate(m.email, { onSuccess: () => toast.success('Ownership transferred'), onError: fail });
  };

  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-sm">
        <thead className="bg-zinc-50 text-xs text-zinc-500 uppercase dark:bg-zinc-900 dark:text-zinc-400">
          <tr>
            <th className="px-4 py-2 font-medium">Member</th>
            <th className="px-4 py-2 font-medium">Role</th>
            <th className="px-4 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {members.map((m) => {
            const editable = ws.is_admin && !m.is_owner;
            return (
              <tr key={m.user_id} data-testid="member-row">
                <td className="px-4 py-2">
                  <div className="font-medium text-zinc-900 dark:text-white">{m.first_name || m.email}</div>
                  <div className="text-xs text-zinc-500">
                    {m.email}
                    {m.is_owner ? ' · owner' : ''}
                    {m.is_locked ? <span className="ml-1 text-rose-600">· disabled</span> : null}
                  </div>
                </td>
                <td className="px-4 py-2">
                  {editable ? (
                    <select
                      aria-label={`Role of ${m.email}`}
                      className="h-8 rounded-lg border border-zinc-200 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
                      value={m.seat_type === 'workspace_admin' ? 'workspace_admin' : 'workspace_member'}
                      onChange={(e) =>
                        update.mutate(
                          { email: m.email, workspace_role: e.target.value },
                          { onSuccess: () => toast.success('Role changed'), onError: fail },
                        )
                      }
                    >
                      <option value="workspace_member">Editor</option>
                      <option value="workspace_admin">Admin</option>
                    </select>
                  ) : (
                    <span>{m.role === 'admin' ? 'Admin' : 'Editor'}</span>
                  )}
                </td>
                <td className="px-4 py-2 text-right whitespace-nowrap">
                  {editable ? (
                    <>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() =>
                          update.mutate(
                            { email: m.email, is_locked: !m.is_locked },
                            {
                              onSuccess: () =>
                                toast.success(m.is_locked ? 'Member enabled' : 'Member disabled'),
                              onError: fail,
                            },
                          )
                        }
                      >
                        {m.is_locked ? 'Enable' : 'Disable'}
                      </Button>
                      {ws.is_owner && !m.is_locked ? (
                        <Button variant="ghost" size="sm" onClick={() => void onTransfer(m)}>
                          Make owner
                        </Button>
                      ) : null}
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove ${m.email}`}
                        onClick={() => void onRemove(m)}
                      >
                        Remove
                      </Button>
                    </>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
