import * as Dialog from '@radix-ui/react-dialog';
import {
  publicUserNameError,
  SHARE_LINK_COPIED,
  SHARE_MESSAGE,
  shortenShareLink,
  socialShareTargets,
} from '@vocalis/domain/sharing';
import { useState, type FormEvent } from 'react';

import { CopyIcon, ExternalIcon, PencilIcon } from '@/components/ui/action-icons';
import { Button, buttonClasses } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { CloseIcon, Spinner } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { errorToastMessage } from '@/lib/error-toast';
import { useShareLink, useUpdatePublicUserName } from '@/lib/history/share-link';

type ShareLinkModalProps = {
  /** The history item to share; null closes the modal. */
  historyItemId: string | null;
  onClose: () => void;
};

/** Phones and tablets get the native share sheet (§2). */
const canShareNatively = () =>
  typeof navigator !== 'undefined' &&
  typeof navigator.share === 'function' &&
  /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);

/**
 * The share-link modal (content-and-workspace.md §2): the public link shortened to 38 characters plus an
 * ellipsis, Copy ("Share link copied to clipboard"), the public name the page shows (editable), the
 * native share sheet on phones and three social targets. A dialog from sm up, a bottom sheet below.
 */
export function ShareLinkModal({ historyItemId, onClose }: ShareLinkModalProps) {
  const link = useShareLink(historyItemId);
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
                Anyone with the link can listen, without an account.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close" className="-mt-1 -mr-2">
                <CloseIcon className="size-5" />
              </Button>
            </Dialog.Close>
          </div>

          <div className="mt-5">
            {link.isPending ? (
              <p className="flex items-center gap-2 text-sm text-zinc-500">
                <Spinner className="size-4" /> Creating the link…
              </p>
            ) : link.isError ? (
              <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
                {errorToastMessage(link.error, 'The share link could not be created.')}
              </p>
            ) : (
              <LinkDetails shareLink={link.data.share_link} publicUserName={link.data.public_user_name} />
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function LinkDetails({ shareLink, publicUserName }: { shareLink: string; publicUserName: string }) {
  return (
    <div className="space-y-5">
      <div className="flex items-center gap-2 rounded-xl border border-zinc-200 bg-zinc-50 p-1.5 pl-3 dark:border-zinc-700 dark:bg-zinc-950/40">
        <a
          href={shareLink}
          target="_blank"
          rel="noreferrer"
          title={shareLink}
          data-testid="share-link"
          className="min-w-0 flex-1 truncate font-mono text-sm text-zinc-700 hover:text-indigo-600 dark:text-zinc-300 dark:hover:text-indigo-400"
        >
          {shortenShareLink(shareLink)}
        </a>
        <CopyButton value={shareLink} label="Copy link" copiedMessage={SHARE_LINK_COPIED} variant="primary">
          <CopyIcon className="size-4" />
        </CopyButton>
      </div>

      <PublicName name={publicUserName} />

      <div className="flex flex-wrap items-center gap-2 border-t border-zinc-100 pt-4 dark:border-zinc-800">
        {canShareNatively() ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void navigator.share({ title: 'Vocalis', text: SHARE_MESSAGE, url: shareLink })}
          >
            Share…
          </Button>
        ) : null}
        {socialShareTargets(shareLink).map((target) => (
          <a
            key={target.name}
            href={target.href}
            target="_blank"
            rel="noreferrer"
            className={buttonClasses('ghost', 'sm')}
          >
            {target.name}
            <ExternalIcon className="size-3.5 opacity-60" />
          </a>
        ))}
      </div>
    </div>
  );
}

/** "Shared as …" with an inline editor for the public name (toast "Public name updated"). */
function PublicName({ name }: { name: string }) {
  const update = useUpdatePublicUserName();
  const [draft, setDraft] = useState<string | null>(null);
  const problem = draft === null ? null : publicUserNameError(draft);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (draft === null || problem) return;
    update.mutate(draft, { onSuccess: () => setDraft(null) });
  };

  if (draft === null) {
    return (
      <div className="flex items-center justify-between gap-3 text-sm">
        <p className="min-w-0 truncate text-zinc-600 dark:text-zinc-400">
          Shared as <span className="font-medium text-zinc-900 dark:text-zinc-100">{name}</span>
        </p>
        <Button size="sm" variant="ghost" onClick={() => setDraft(name === 'Anonymous' ? '' : name)}>
          <PencilIcon className="size-4" />
          Change public name
        </Button>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-2">
      <label
        htmlFor="public-user-name"
        className="block text-sm font-medium text-zinc-700 dark:text-zinc-300"
      >
        Public name
      </label>
      <div className="flex gap-2">
        <Input
          id="public-user-name"
          value={draft}
          autoFocus
          maxLength={60}
          aria-invalid={problem !== null && draft.length > 0}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="The name listeners see"
        />
        <LoadingButton type="submit" size="md" loading={update.isPending} disabled={problem !== null}>
          Save
        </LoadingButton>
        <Button variant="ghost" onClick={() => setDraft(null)}>
          Cancel
        </Button>
      </div>
      {problem && draft.length > 0 ? (
        <p className="text-xs text-rose-600 dark:text-rose-400">{problem}</p>
      ) : (
        <p className="text-xs text-zinc-500 dark:text-zinc-400">Shown on every item you share.</p>
      )}
    </form>
  );
}
