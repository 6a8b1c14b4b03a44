import type { ResourceMetadata } from '@vocalis/contracts/workspace-resources';
import { useState } from 'react';

import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { type SharedResource, useTransferOwnership } from '@/lib/resource-sharing';

import { selectClasses } from './access-list';

/**
 * Hands the resource to another member (decision 263): shown to its creator and workspace admins only. The new
 * owner becomes its creator; the previous one keeps admin access.
 */
export function TransferOwnership({
  resource,
  meta,
  noun,
}: {
  resource: SharedResource;
  meta: ResourceMetadata;
  noun: string;
}) {
  const transfer = useTransferOwnership(resource);
  const [email, setEmail] = useState('');
  const members = meta.share_options.filter((o) => o.type === 'user' && o.id !== meta.creator_user_id);
  if (!meta.can_transfer_ownership) return null;
  const submit = () =>
    transfer.mutate(email, {
      onSuccess: () => {
        toast.success(`${email} now owns this ${noun}`);
        setEmail('');
      },
    });
  return (
    <section aria-label="Ownership" className="space-y-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Transfer ownership</h3>
      {members.length ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <select
            aria-label="New owner"
            className={`${selectClasses} h-9 w-full min-w-0 sm:w-auto sm:flex-1`}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          >
            <option value="">Choose a member</option>
            {members.map((m) => (
              <option key={m.id} value={m.name}>
                {m.name}
              </option>
            ))}
          </select>
          <LoadingButton
            size="sm"
            variant="secondary"
            loading={transfer.isPending}
            disabled={!email}
            onClick={submit}
          >
            Transfer
          </LoadingButton>
        </div>
      ) : (
        <p className="text-sm text-zinc-500">No other member to hand this {noun} to.</p>
      )}
      <p className="text-xs text-zinc-500">The new owner becomes its creator; you keep admin access.</p>
    </section>
  );
}
