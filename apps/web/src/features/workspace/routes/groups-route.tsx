import type { WorkspaceGroup, WorkspaceMember } from '@vocalis/contracts/workspace';
import { useState, type FormEvent } from 'react';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';
import { Spinner } from '@/components/ui/icons';
import { inputClasses } from '@/components/ui/input';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';

import {
  useCreateGroup,
  useDeleteGroup,
  useGroupMember,
  useGroups,
  useMembers,
  useRenameGroup,
  useWorkspace,
} from '../api/workspace-api';
import { WorkspacePage } from '../components/workspace-tabs';

const fail = (err: unknown) => toast.error(errorToastMessage(err));

function GroupCard({
  group,
  members,
  admin,
}: {
  group: WorkspaceGroup;
  members: WorkspaceMember[];
  admin: boolean;
}) {
  const rename = useRenameGroup();
  const remove = useDeleteGroup();
  const member = useGroupMember();
  const confirm = useConfirm();
  const [adding, setAdding] = useState('');
  const outside = members.filter((m) => !group.members.includes(m.email));

  const onRename = async () => {
    const name = window.prompt('New name of the group', group.name)?.trim();
    if (name && name !== group.name)
      rename.mutate(
        { id: group.id, name },
        { onSuccess: () => toast.success('Group renamed'), onError: fail },
      );
  };
  const onDelete = async () => {
    const { confirmed } = await confirm({
      title: `Delete the group "${group.name}"?`,
      description: 'Its members stay in the workspace.',
      confirmText: 'Delete',
      variant: 'danger',
    });
    if (confirmed)
      remove.mutate(group.id, { onSuccess: () => toast.success('Group deleted'), onError: fail });
  };

  return (
    <li data-testid="group" className="space-y-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="flex items-center justify-between gap-3">
        <h3 className="font-semibold text-zinc-900 dark:text-white">
          {group.name}
          <span className="ml-2 text-xs font-normal text-zinc-500">
            {group.members.length === 1 ? '1 member' : `${group.members.length} members`}
          </span>
        </h3>
        {admin ? (
          <div className="flex gap-1">
            <Button variant="ghost" size="sm" onClick={() => void onRename()}>
              Rename
            </Button>
            <Button variant="ghost" size="sm" onClick={() => void onDelete()}>
              Delete
            </Button>
          </div>
        ) : null}
      </div>
      {group.members.length ? (
        <ul className="flex flex-wrap gap-2">
          {group.members.map((email) => (
            <li
              key={email}
              className="flex items-center gap-1 rounded-full bg-zinc-100 px-3 py-1 text-sm dark:bg-zinc-800"
            >
              {email}
              {admin ? (
                <button
                  type="button"
                  aria-label={`Remove ${email} from ${group.name}`}
                  className="ml-1 text-zinc-500 hover:text-rose-600"
                  onClick={() => member.mutate({ id: group.id, email, add: false }, { onError: fail })}
                >
                  ×
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-500">No members yet.</p>
      )}
      {admin && outside.length ? (
        <div className="flex gap-2">
          <select
            aria-label={`Add a member to ${group.name}`}
            className={`${inputClasses} h-9`}
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
          >
            <option value="">Choose a member…</option>
            {outside.map((m) => (
              <option key={m.user_id} value={m.email}>
                {m.email}
              </option>
            ))}
          </select>
          <Button
            variant="secondary"
            disabled={!adding || member.isPending}
            onClick={() =>
              member.mutate(
                { id: group.id, email: adding, add: true },
                { onSuccess: () => setAdding(''), onError: fail },
              )
            }
          >
            Add
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** /app/workspace/groups: groups of members; admins create, rename, delete and fill them. */
export default function GroupsRoute() {
  const ws = useWorkspace();
  const groups = useGroups();
  const members = useMembers();
  const create = useCreateGroup();
  const [name, setName] = useState('');
  const admin = ws.data?.is_admin ?? false;
  const onCreate = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(name.trim(), {
      onSuccess: () => {
        toast.success('Group created');
        setName('');
      },
      onError: fail,
    });
  };
  return (
    <WorkspacePage title="Groups">
      <ErrorBoundary region="Groups">
        {admin ? (
          <form onSubmit={onCreate} className="flex gap-2">
            <input
              aria-label="Group name"
              placeholder="New group name"
              className={inputClasses}
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
            />
            <Button type="submit" disabled={!name.trim() || create.isPending}>
              Create group
            </Button>
          </form>
        ) : null}
        <div className="mt-4">
          {groups.isPending || members.isPending ? (
            <Spinner className="size-5" />
          ) : groups.isError ? (
            <p role="alert" className="text-sm text-rose-600">
              {errorToastMessage(groups.error)}
            </p>
          ) : groups.data.length === 0 ? (
            <p className="rounded-xl border border-dashed border-zinc-300 p-8 text-center text-sm text-zinc-500 dark:border-zinc-700">
              No groups yet.{admin ? ' Create one to organise members.' : ''}
            </p>
          ) : (
            <ul className="space-y-3">
              {groups.data.map((g) => (
                <GroupCard key={g.id} group={g} members={members.data ?? []} admin={admin} />
              ))}
            </ul>
          )}
        </div>
      </ErrorBoundary>
    </WorkspacePage>
  );
}
