import type { ServiceAccount } from '@vocalis/contracts/service-accounts';
import { useState, type FormEvent, type ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';
import { Spinner } from '@/components/ui/icons';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage, showErrorToast } from '@/lib/error-toast';

import { useCreateServiceAccount } from '../api/create-service-account';
import { useDeleteServiceAccount } from '../api/delete-service-account';
import { useServiceAccounts } from '../api/get-service-accounts';

type Props = {
  /** The keys of one service account (the API-key list, which the page composes in). */
  renderKeys: (serviceAccountUserId: string) => ReactNode;
};

/** The workspace's service accounts: create, delete, and each one's API keys. */
export function ServiceAccountsList({ renderKeys }: Props) {
  const accounts = useServiceAccounts();
  const create = useCreateServiceAccount();
  const remove = useDeleteServiceAccount();
  const confirm = useConfirm();
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');

  const close = () => {
    setCreating(false);
    setName('');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(name.trim(), {
      onSuccess: () => {
        toast.success('Service account created');
        close();
      },
      onError: (e) => showErrorToast(e),
    });
  };
  const onDelete = async (sa: ServiceAccount) => {
    const { confirmed } = await confirm({
      title: `Delete service account "${sa.name}"?`,
      description: 'Its API keys stop working immediately. Its past usage stays in the usage reports.',
      confirmText: 'Delete',
      variant: 'danger',
    });
    if (confirmed)
      remove.mutate(sa.service_account_user_id, {
        onSuccess: () => toast.success('Service account deleted'),
        onError: (e) => showErrorToast(e),
      });
  };

  return (
    <section className="space-y-4">
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <p className="max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">
          Service accounts call the API for the workspace without a person behind them: give each its own
          keys, permissions and character limits. Their usage is billed to the workspace and reported under
          their name.
        </p>
        <Button onClick={() => setCreating(true)}>Create service account</Button>
      </div>

      {accounts.isPending ? (
        <Spinner className="size-5" />
      ) : accounts.isError ? (
        <p role="alert" className="text-sm text-rose-600">
          {errorToastMessage(accounts.error)}
        </p>
      ) : accounts.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-zinc-300 p-8 text-center text-sm text-zinc-500 dark:border-zinc-700">
          No service accounts yet.
        </p>
      ) : (
        <ul className="space-y-4">
          {accounts.data.map((sa) => (
            <li
              key={sa.service_account_user_id}
              data-testid="service-account"
              className="space-y-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
            >
              <div className="flex items-center justify-between gap-3">
                <h3 className="font-medium text-zinc-900 dark:text-zinc-100">{sa.name}</h3>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => void onDelete(sa)}
                  aria-label={`Delete ${sa.name}`}
                >
                  Delete
                </Button>
              </div>
              {renderKeys(sa.service_account_user_id)}
            </li>
          ))}
        </ul>
      )}

      <Modal open={creating} onOpenChange={(next) => !next && close()} title="Create service account">
        <form onSubmit={submit} className="space-y-5">
          <Field label="Name">
            {(id) => (
              <Input
                id={id}
                autoFocus
                maxLength={100}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <LoadingButton type="submit" loading={create.isPending} disabled={!name.trim()}>
              Create
            </LoadingButton>
          </div>
        </form>
      </Modal>
    </section>
  );
}
