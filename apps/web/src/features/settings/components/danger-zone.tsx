import { useQueryClient } from '@tanstack/react-query';
import { accountRoutes } from '@vocalis/domain/app-routes';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';
import { toast } from '@/components/ui/toast/toast-store';
import { showErrorToast } from '@/lib/error-toast';
import { clearSignedOutStorage } from '@/lib/storage';

import { deleteAccount } from '../api/edit-user';
import { SettingRow } from './setting-row';

/** The last card of /app/settings: what cannot be undone (deleting the account, DELETE /v1/user/delete). */
export function DangerZone() {
  const confirm = useConfirm();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const headingId = useId();

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

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-rose-200 p-6 dark:border-rose-900/60"
    >
      <h3 id={headingId} className="mb-4 text-lg font-semibold text-rose-700 dark:text-rose-400">
        Danger zone
      </h3>
      <SettingRow title="Delete account" description="Removes your account and everything only it owns.">
        <Button variant="danger" disabled={deleting} onClick={() => void onDelete()}>
          Delete account
        </Button>
      </SettingRow>
    </section>
  );
}
