import { formatRelativeTime } from '@vocalis/domain/relative-time';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { appRoutes } from '@vocalis/domain/app-routes';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast/toast-store';
import { useNow } from '@/hooks/use-now';
import { errorToastMessage } from '@/lib/error-toast';
import { removeStored } from '@/lib/storage';

import { useAcceptInvite, useDeclineInvite, useReceivedInvites } from '../api/workspace-api';

const INVITE_KEY = 'invite_code';

/**
 * /app/settings/workspace-invites: invitations to the user's verified address (the mailed link leads
 * here). Answered by the invite's id, which only its addressee may use; the invite code the link left in
 * local storage (accounts.md §2) is cleared once answered.
 */
export default function WorkspaceInvitesRoute() {
  const invites = useReceivedInvites();
  const accept = useAcceptInvite();
  const decline = useDeclineInvite();
  const navigate = useNavigate();
  const now = useNow();
  const [busy, setBusy] = useState<string | null>(null);

  const answer = (id: string, yes: boolean) => {
    setBusy(id);
    const key = id;
    const done = () => {
      removeStored(INVITE_KEY);
      setBusy(null);
    };
    if (yes)
      accept.mutate(key, {
        onSuccess: (res) => {
          done();
          toast.success(`You joined ${res.workspace_name}`);
          void navigate(appRoutes.workspace.path);
        },
        onError: (err) => {
          setBusy(null);
          toast.error(errorToastMessage(err));
        },
      });
    else
      decline.mutate(key, {
        onSuccess: () => {
          done();
          toast.success('Invitation declined');
        },
        onError: (err) => {
          setBusy(null);
          toast.error(errorToastMessage(err));
        },
      });
  };

  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">
        Workspace invites
      </h2>
      <ErrorBoundary region="Workspace invites">
        {invites.isPending ? (
          <Spinner className="size-5" />
        ) : invites.isError ? (
          <p role="alert" className="text-sm text-rose-600">
            {errorToastMessage(invites.error)}
          </p>
        ) : invites.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-zinc-300 p-8 text-center text-sm text-zinc-500 dark:border-zinc-700">
            You have no pending workspace invitations.
          </p>
        ) : (
          <ul className="space-y-3">
            {invites.data.map((i) => (
              <li
                key={i.invite_id}
                data-testid="received-invite"
                className="flex flex-col gap-3 rounded-xl border border-zinc-200 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800"
              >
                <div>
                  <div className="font-medium text-zinc-900 dark:text-white">{i.workspace_name}</div>
                  <div className="text-xs text-zinc-500 dark:text-zinc-400">
                    {i.invited_by_email ?? 'An admin'} invited you as{' '}
                    {i.role === 'admin' ? 'an admin' : 'an editor'} ·{' '}
                    {formatRelativeTime(Math.min(i.created_at_unix * 1000, now), now)}
                  </div>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    disabled={busy !== null}
                    onClick={() => answer(i.invite_id, false)}
                  >
                    Decline
                  </Button>
                  <Button disabled={busy !== null} onClick={() => answer(i.invite_id, true)}>
                    Accept
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ErrorBoundary>
    </div>
  );
}
