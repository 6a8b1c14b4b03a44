import { needsBipaTerms } from '@vocalis/domain/consent';

import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';
import { showErrorToast } from '@/lib/error-toast';
import { useCurrentUser } from '@/lib/current-user';

import { useAcceptBipaTerms } from '../api/consent-calls';

/**
 * The 'Updated Terms' modal (accounts.md §2, §5) for users in Illinois, Texas, Washington or Quebec who
 * have not accepted the biometric terms. It stays until Accept succeeds.
 */
export function BipaTermsModal() {
  const { data } = useCurrentUser();
  const accept = useAcceptBipaTerms();
  if (!data || !needsBipaTerms(data)) return null;
  return (
    <Modal
      open
      onOpenChange={() => undefined}
      title="Updated Terms"
      description="Where you live, the law gives you specific rights over biometric data such as voiceprints. We have updated our terms to explain how voice samples you upload are collected, used, stored and deleted, and we need your consent before processing them."
    >
      <ul className="list-disc space-y-1.5 pl-5 text-sm text-zinc-600 dark:text-zinc-400">
        <li>Voice data is used only to provide the features you ask for.</li>
        <li>It is deleted when you delete the voice or your account.</li>
        <li>It is never sold or shared for other purposes.</li>
      </ul>
      <div className="mt-6 flex justify-end">
        <LoadingButton
          loading={accept.isPending}
          onClick={() => accept.mutate(undefined, { onError: (e) => showErrorToast(e) })}
        >
          Accept
        </LoadingButton>
      </div>
    </Modal>
  );
}
