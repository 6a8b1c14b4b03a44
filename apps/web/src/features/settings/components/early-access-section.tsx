import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { showErrorToast } from '@/lib/error-toast';

import { useAlphaAccess, useRequestAlphaAccess } from '../api/alpha-access';

/** Alpha access (accounts.md §6): whether the user has it, and asking for it. */
export function EarlyAccessSection() {
  const { data } = useAlphaAccess();
  const request = useRequestAlphaAccess();
  const status = !data
    ? 'Loading…'
    : data.has_alpha_access
      ? 'You have alpha access: new features reach you before everyone else.'
      : data.requested
        ? 'Your request is in. We will let you know when you have access.'
        : 'Try new features before they are released to everyone.';
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-zinc-200 p-6 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
      <div>
        <h3 className="text-lg font-semibold text-zinc-900 dark:text-white">Alpha access</h3>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{status}</p>
      </div>
      {data && !data.has_alpha_access && !data.requested ? (
        <LoadingButton
          variant="secondary"
          loading={request.isPending}
          onClick={() =>
            request.mutate(undefined, {
              onSuccess: () => toast.success('Alpha access requested.'),
              onError: (error) => showErrorToast(error),
            })
          }
        >
          Request access
        </LoadingButton>
      ) : null}
    </section>
  );
}
