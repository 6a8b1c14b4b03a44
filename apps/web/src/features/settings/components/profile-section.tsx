import { useQueryClient } from '@tanstack/react-query';
import { accountRoutes } from '@vocalis/domain/app-routes';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { useUser } from '@/lib/auth';
import { useCurrentUser } from '@/lib/current-user';
import { showErrorToast } from '@/lib/error-toast';
import { clearSignedOutStorage } from '@/lib/storage';

import { deleteAccount, useEditUser } from '../api/edit-user';
import { ChangeEmailButton, useEmailChangeFromUrl } from './email-change';

/** Profile: first name (POST /v1/user/edit), email and its change link, and deleting the account. */
export function ProfileSection() {
  const session = useUser();
  const { data: user } = useCurrentUser();
  const edit = useEditUser();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [firstName, setFirstName] = useState('');
  const [deleting, setDeleting] = useState(false);
  useEmailChangeFromUrl();
  const saved = user?.first_name ?? '';
  useEffect(() => setFirstName(saved), [saved]);

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    edit.mutate(
      { first_name: firstName.trim() },
      { onSuccess: () => toast.success('Profile updated.'), onError: (error) => showErrorToast(error) },
    );
  };

  const onDelete = async () => {
    const { confirmed } = await confirm({
      title: 'Delete your account?',
      description:
        'Your account, your personal workspace, its speech history and audio files, your API keys and sessions are removed for good. This cannot be undone.',
      confirmText: 'Delete account',
      variant: 'danger',
      input: { label: 'Type DELETE to confirm', placeholder: 'DELETE', requiredValue: 'DELETE' },
    });
    if (!confirmed) return;
    setDeleting(true);
    try {
      await deleteAccount();
      clearSignedOutStorage();
      queryClient.removeQueries();
      toast.success('Your account has been deleted.');
      await navigate(accountRoutes.signIn.path, { replace: true });
    } catch (error) {
      showErrorToast(error);
      setDeleting(false);
    }
  };

  const trimmed = firstName.trim();
  return (
    <section className="space-y-5 rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800">
      <h3 className="text-lg font-semibold text-zinc-900 dark:text-white">Profile</h3>
      <form onSubmit={onSave} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field label="First name" className="flex-1">
          {(id) => (
            <Input
              id={id}
              autoComplete="given-name"
              maxLength={100}
              value={firstName}
              onChange={(e) => setFirstName(e.target.value)}
            />
          )}
        </Field>
        <LoadingButton
          type="submit"
          variant="secondary"
          loading={edit.isPending}
          disabled={!trimmed || trimmed === saved}
        >
          Save
        </LoadingButton>
      </form>
      <dl className="grid grid-cols-[8rem_1fr] items-center gap-y-2 text-sm">
        <dt className="text-zinc-500">Email</dt>
        <dd className="flex flex-wrap items-center justify-between gap-2">
          <span className="break-all text-zinc-900 dark:text-zinc-100">{user?.email ?? session?.email}</span>
          <ChangeEmailButton currentEmail={user?.email ?? session?.email} />
        </dd>
      </dl>
      <div className="flex flex-col gap-3 border-t border-zinc-200 pt-5 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
        <div>
          <p className="text-sm font-medium text-zinc-900 dark:text-white">Delete account</p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Removes your account and everything only it owns.
          </p>
        </div>
        <Button variant="danger" disabled={deleting} onClick={() => void onDelete()}>
          Delete account
        </Button>
      </div>
    </section>
  );
}
