import { formatRelativeTime } from '@vocalis/domain/relative-time';
import type { ApiKey } from '@vocalis/contracts/api-keys';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';
import { Spinner } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast/toast-store';
import { useNow } from '@/hooks/use-now';
import { errorToastMessage } from '@/lib/error-toast';

import { useApiKeys } from '../api/get-api-keys';
import { useDeleteApiKey } from '../api/delete-api-key';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { EditApiKeyDialog } from './edit-api-key-dialog';

const usage = (key: ApiKey) =>
  key.character_limit === null
    ? `${key.character_count.toLocaleString('en')} characters`
    : `${key.character_count.toLocaleString('en')} / ${key.character_limit.toLocaleString('en')} characters`;

/** The column heading, shown above each value on phones, where the table's header row is hidden. */
const cellLabel = 'mb-0.5 block font-sans text-xs text-zinc-500 sm:hidden dark:text-zinc-400';

/**
 * The API keys of a user or of a service account (`userId`): list, create (key shown once), edit, delete
 * with confirmation.
 */
export function ApiKeysList({
  userId,
  emptyText = 'You have no API keys yet.',
}: {
  userId: string;
  emptyText?: string;
}) {
  const keys = useApiKeys(userId);
  const remove = useDeleteApiKey(userId);
  const confirm = useConfirm();
  const now = useNow();
  // The clock ticks every 30 s: a key made since reads "now", not "in 2 seconds".
  const ago = (unix: number) => formatRelativeTime(Math.min(unix * 1000, now), now);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ApiKey | null>(null);

  const onDelete = async (key: ApiKey) => {
    const { confirmed } = await confirm({
      title: `Delete API key "${key.name}"?`,
      description: 'Anything using this key stops working immediately. This cannot be undone.',
      confirmText: 'Delete',
      variant: 'danger',
    });
    if (confirmed) remove.mutate(key.key_id, { onSuccess: () => toast.success('API key deleted') });
  };

  return (
    <section className="space-y-4">
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Use a key in the <code className="font-mono">xi-api-key</code> header. Keys are shown once, when
          created.
        </p>
        <Button onClick={() => setCreating(true)}>Create API key</Button>
      </div>

      {keys.isPending ? (
        <Spinner className="size-5" />
      ) : keys.isError ? (
        <p role="alert" className="text-sm text-rose-600">
          {errorToastMessage(keys.error)}
        </p>
      ) : keys.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-zinc-300 p-8 text-center text-sm text-zinc-500 dark:border-zinc-700">
          {emptyText}
        </p>
      ) : (
        // Phones: each row is a small card with labelled values and its actions in reach; a table from sm up.
        <div className="overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
          <table className="block w-full text-left text-sm sm:table">
            <thead className="hidden bg-zinc-50 text-xs text-zinc-500 uppercase sm:table-header-group dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th className="px-4 py-2 font-medium">Name</th>
                <th className="px-4 py-2 font-medium">Key</th>
                <th className="px-4 py-2 font-medium">Created</th>
                <th className="px-4 py-2 font-medium">Last used</th>
                <th className="px-4 py-2 font-medium">Usage</th>
                <th className="px-4 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="block divide-y divide-zinc-200 sm:table-row-group dark:divide-zinc-800">
              {keys.data.map((key) => (
                <tr
                  key={key.key_id}
                  data-testid="api-key-row"
                  className="grid grid-cols-2 gap-x-4 gap-y-2 p-4 sm:table-row sm:p-0"
                >
                  <td className="col-span-2 font-medium sm:table-cell sm:px-4 sm:py-2">
                    {key.name}
                    {key.is_disabled ? <span className="ml-2 text-xs text-rose-600">disabled</span> : null}
                  </td>
                  <td className="font-mono text-xs sm:table-cell sm:px-4 sm:py-2">
                    <span className={cellLabel}>Key</span>
                    {key.hint}
                  </td>
                  <td className="sm:table-cell sm:px-4 sm:py-2">
                    <span className={cellLabel}>Created</span>
                    {ago(key.created_at_unix)}
                  </td>
                  <td className="sm:table-cell sm:px-4 sm:py-2">
                    <span className={cellLabel}>Last used</span>
                    {key.last_used_at_unix === null ? 'Never' : ago(key.last_used_at_unix)}
                  </td>
                  <td className="text-xs sm:table-cell sm:px-4 sm:py-2">
                    <span className={cellLabel}>Usage</span>
                    {usage(key)}
                  </td>
                  <td className="col-span-2 -ml-3 whitespace-nowrap sm:table-cell sm:ml-0 sm:px-4 sm:py-2 sm:text-right">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setEditing(key)}
                      aria-label={`Edit ${key.name}`}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => void onDelete(key)}
                      aria-label={`Delete ${key.name}`}
                    >
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <CreateApiKeyDialog userId={userId} open={creating} onClose={() => setCreating(false)} />
      <EditApiKeyDialog userId={userId} apiKey={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
