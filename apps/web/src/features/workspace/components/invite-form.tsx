import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';

import { useInvite } from '../api/workspace-api';

/** Invites one or several addresses (comma, space or line separated) with a role. */
export function InviteForm({ available }: { available: number }) {
  const invite = useInvite();
  const [emails, setEmails] = useState('');
  const [seatType, setSeatType] = useState('workspace_member');
  const list = emails
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    invite.mutate(
      { emails: list, seat_type: seatType },
      {
        onSuccess: () => {
          toast.success(
            list.length === 1 ? `Invitation sent to ${list[0]}` : `${list.length} invitations sent`,
          );
          setEmails('');
        },
        onError: (err) => toast.error(errorToastMessage(err)),
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      className="space-y-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="text-base font-semibold text-zinc-900 dark:text-white">Invite members</h3>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          {available === 1 ? '1 seat available' : `${available} seats available`}
        </span>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          aria-label="Email addresses"
          className={inputClasses}
          placeholder="name@example.com, other@example.com"
          value={emails}
          onChange={(e) => setEmails(e.target.value)}
        />
        <select
          aria-label="Role"
          className={`${inputClasses} sm:w-36`}
          value={seatType}
          onChange={(e) => setSeatType(e.target.value)}
        >
          <option value="workspace_member">Editor</option>
          <option value="workspace_admin">Admin</option>
        </select>
        <Button type="submit" disabled={list.length === 0 || invite.isPending}>
          Send invite
        </Button>
      </div>
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Editors create and edit content; admins also manage members, groups and security settings.
      </p>
    </form>
  );
}
