import { formatRelativeTime } from '@vocalis/domain/relative-time';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';
import { Spinner } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast/toast-store';
import { useNow } from '@/hooks/use-now';
import { errorToastMessage } from '@/lib/error-toast';

import {
  useLeaveWorkspace,
  useMembers,
  usePendingInvites,
  useRevokeInvite,
  useWorkspace,
} from '../api/workspace-api';
import { InviteForm } from '../components/invite-form';
import { MembersTable } from '../components/members-table';
import { WorkspacePage } from '../components/workspace-tabs';

function PendingInvites() {
  const invites = usePendingInvites(true);
  const revoke = useRevokeInvite();
  const now = useNow();
  if (!invites.data || invites.data.length === 0) return null;
  return (
    <section className="space-y-2">
      <h3 className="text-base font-semibold text-zinc-900 dark:text-white">Pending invitations</h3>
      <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800">
        {invites.data.map((i) => (
          <li
            key={i.email}
            data-testid="pending-invite"
            className="flex items-center justify-between gap-3 px-4 py-2"
          >
            <span>
              <span className="font-medium text-zinc-900 dark:text-white">{i.email}</span>
              <span className="ml-2 text-xs text-zinc-500">
                {i.role === 'admin' ? 'Admin' : 'Editor'} · sent{' '}
                {formatRelativeTime(Math.min(i.created_at_unix * 1000, now), now)}
              </span>
            </span>
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                revoke.mutate(i.email, {
                  onSuccess: () => toast.success('Invitation revoked'),
                  onError: (err) => toast.error(errorToastMessage(err)),
                })
              }
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /app/workspace/members: members and roles, invitations (admins), leaving the workspace. */
export default function MembersRoute() {
  const ws = useWorkspace();
  const members = useMembers();
  const leave = useLeaveWorkspace();
  const confirm = useConfirm();
  const onLeave = async () => {
    const { confirmed } = await confirm({
      title: `Leave ${ws.data?.name ?? 'this workspace'}?`,
      description: 'You lose access to its voices, history and usage. An admin can invite you again.',
      confirmText: 'Leave',
      variant: 'danger',
    });
    if (confirmed)
      leave.mutate(undefined, {
        onSuccess: () => toast.success('You left the workspace'),
        onError: (err) => toast.error(errorToastMessage(err)),
      });
  };
  return (
    <WorkspacePage title="Members">
      <ErrorBoundary region="Members">
        {ws.isPending || members.isPending ? (
          <Spinner className="size-5" />
        ) : ws.isError || members.isError ? (
          <p role="alert" className="text-sm text-rose-600">
            {errorToastMessage(ws.error ?? members.error)}
          </p>
        ) : (
          <div className="space-y-6">
            {ws.data.is_admin ? <InviteForm available={ws.data.seats.available} /> : null}
            <MembersTable members={members.data} ws={ws.data} />
            {ws.data.is_admin ? <PendingInvites /> : null}
            {!ws.data.is_owner ? (
              <div>
                <Button variant="secondary" onClick={() => void onLeave()}>
                  Leave workspace
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </ErrorBoundary>
    </WorkspacePage>
  );
}
