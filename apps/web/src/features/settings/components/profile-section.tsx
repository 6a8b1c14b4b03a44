import { useEffect, useState, type FormEvent } from 'react';

import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { useUser } from '@/lib/auth';
import { useCurrentUser } from '@/lib/current-user';
import { showErrorToast } from '@/lib/error-toast';

import { useEditUser } from '../api/edit-user';
import { ChangeEmailButton, useEmailChangeFromUrl } from './email-change';
import { SettingRow } from './setting-row';

/** Profile: first name (POST /v1/user/edit), and the email with its change link (deleting is in DangerZone). */
export function ProfileSection() {
  const session = useUser();
  const { data: user } = useCurrentUser();
  const edit = useEditUser();
  const [firstName, setFirstName] = useState('');
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
      <div className="border-t border-zinc-200 pt-5 dark:border-zinc-800">
        <SettingRow
          title="Email"
          description={
            <span className="break-all text-zinc-900 dark:text-zinc-100">
              {user?.email ?? session?.email}
            </span>
          }
        >
          <ChangeEmailButton currentEmail={user?.email ?? session?.email} />
        </SettingRow>
      </div>
    </section>
  );
}
