import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '@/components/ui/button';
import { CloseIcon, Spinner } from '@/components/ui/icons';
import { LoadingButton } from '@/components/ui/loading-button';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { errorToastMessage } from '@/lib/error-toast';
import { useSetPublished, useShareStatus } from '@/lib/history/share-link';

import { LinkDetails } from './share-link-details';

type ShareLinkModalProps = {
  /** The history item to share; null closes the modal. */
  historyItemId: string | null;
  onClose: () => void;
  /** Opens the share video modal; absent for items that cannot be a video (not text to speech). */
  onShareVideo?: () => void;
};

/**
 * The share-link modal (content-and-workspace.md §2). Opening it publishes nothing: an unpublished item
 * offers "Publish link"; a published one shows its link (LinkDetails) and "Stop sharing", after which
 * the link answers 404. A dialog from sm up, a bottom sheet below.
 */
export function ShareLinkModal({ historyItemId, onClose, onShareVideo }: ShareLinkModalProps) {
  const status = useShareStatus(historyItemId);
  const returnFocus = useReturnFocus(historyItemId !== null);
  return (
    <Dialog.Root open={historyItemId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[80] animate-overlay-in bg-zinc-950/40 backdrop-blur-[2px]" />
        <Dialog.Content
          {...returnFocus}
          className="fixed inset-x-0 bottom-0 z-[81] max-h-[90dvh] animate-dialog-in overflow-y-auto rounded-t-2xl border border-zinc-200 bg-white p-6 shadow-2xl sm:top-1/2 sm:right-auto sm:bottom-auto sm:left-1/2 sm:w-[calc(100%-2rem)] sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">
                Share this generation
              </Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
                Publish a link anyone can listen to, without an account. You can turn it off at any time.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close" className="-mt-1 -mr-2">
                <CloseIcon className="size-5" />
              </Button>
            </Dialog.Close>
          </div>

          <div className="mt-5">
            {status.isPending ? (
              <p className="flex items-center gap-2 text-sm text-zinc-500">
                <Spinner className="size-4" /> Loading…
              </p>
            ) : status.isError ? (
              <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
                {errorToastMessage(status.error, 'The share link could not be created.')}
              </p>
            ) : (
              <Publication
                historyItemId={historyItemId!}
                shareLink={status.data.share_link}
                publicUserName={status.data.public_user_name}
              />
            )}
          </div>
          {onShareVideo ? (
            <Button variant="secondary" className="mt-4 w-full" onClick={onShareVideo}>
              Share as video
            </Button>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Publish / Stop sharing, and the link while published. */
function Publication({
  historyItemId,
  shareLink,
  publicUserName,
}: {
  historyItemId: string;
  shareLink: string | null;
  publicUserName: string;
}) {
  const setPublished = useSetPublished(historyItemId);
  if (shareLink === null) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          This generation is private. Publishing makes a link to a public page with its text and audio.
        </p>
        <LoadingButton
          className="w-full"
          loading={setPublished.isPending}
          onClick={() => setPublished.mutate(true)}
        >
          Publish link
        </LoadingButton>
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <LinkDetails shareLink={shareLink} publicUserName={publicUserName} />
      <div className="flex items-center justify-between gap-3 border-t border-zinc-100 pt-4 text-sm dark:border-zinc-800">
        <p className="text-zinc-600 dark:text-zinc-400">Turning the link off makes it stop working.</p>
        <LoadingButton
          size="sm"
          variant="secondary"
          loading={setPublished.isPending}
          onClick={() => setPublished.mutate(false)}
        >
          Stop sharing
        </LoadingButton>
      </div>
    </div>
  );
}
