import {
  publicUserNameError,
  SHARE_API_NOT_SUPPORTED,
  SHARE_LINK_COPIED,
  SHARE_MESSAGE,
  shortenShareLink,
  socialShareTargets,
} from '@vocalis/domain/sharing';
import { useState, type FormEvent } from 'react';

import { CopyIcon, ExternalIcon, PencilIcon } from '@/components/ui/action-icons';
import { Button, buttonClasses } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { useUpdatePublicUserName } from '@/lib/history/share-link';

/** Phones and tablets get the native share sheet (§2), by their user agent. */
const isPhoneOrTablet = () =>
  typeof navigator !== 'undefined' && /Android|iPhone|iPad|iPod|Mobile|Tablet/i.test(navigator.userAgent);

/** The native share sheet (Web Share API); "Share API not supported" where the browser has none. */
function shareNatively(url: string) {
  if (typeof navigator.share !== 'function') {
    toast.error(SHARE_API_NOT_SUPPORTED);
    return;
  }
  navigator.share({ title: 'Vocalis', text: SHARE_MESSAGE, url }).catch((error: unknown) => {
    // The user closing the sheet is not an error.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    toast.error(error instanceof Error ? error.message : SHARE_API_NOT_SUPPORTED);
  });
}

/**
 * A published link: shortened to 38 characters plus an ellipsis, Copy, the public name (editable), the
 * native share sheet on phones and tablets and the three social targets.
 */
export function LinkDetails({ shareLink, publicUserName }: { shareLink: string; publicUserName: string }) {
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
        {isPhoneOrTablet() ? (
          <Button size="sm" variant="secondary" onClick={() => shareNatively(shareLink)}>
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
