import type { HistoryItem } from '@vocalis/contracts/history';
import { shareButtonVisible } from '@vocalis/domain/sharing';
import { useState } from 'react';

import { DownloadIcon } from '@/components/audio-player/player-icons';
import { ResourceAccessDialog } from '@/components/resource-sharing/resource-access-dialog';
import { MembersIcon, ShareIcon, TrashIcon } from '@/components/ui/action-icons';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';
import { Spinner } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast/toast-store';
import { Tooltip } from '@/components/ui/tooltip';
import { useCurrentUser } from '@/lib/current-user';
import { useDeleteHistoryItems } from '@/lib/history/delete-history-items';
import { useDownloadHistory } from '@/lib/history/download-history';

import { ShareLinkModal } from './share-link-modal';
import { ShareVideoModal } from './share-video-modal';
import { historyVoiceLabel } from '@/lib/history/history-voice-label';

/**
 * Download, share and delete of single history items, shared by the history page and the side panel:
 * `buttons(item)` renders the row's icon buttons, `modal` the one share-link modal they open.
 */
export function useHistoryItemActions(options: { onDeleted?: (id: string) => void } = {}) {
  const download = useDownloadHistory();
  const remove = useDeleteHistoryItems();
  const confirm = useConfirm();
  const [sharing, setSharing] = useState<HistoryItem | null>(null);
  const [video, setVideo] = useState<HistoryItem | null>(null);
  const [access, setAccess] = useState<HistoryItem | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const canShare = shareButtonVisible(useCurrentUser().data?.subscription?.tier);

  const onDelete = async (item: HistoryItem) => {
    const { confirmed } = await confirm({
      title: 'Delete this generation?',
      description: 'The audio and its text are removed from your history. This cannot be undone.',
      confirmText: 'Delete',
      variant: 'danger',
    });
    if (!confirmed) return;
    remove.mutate([item.history_item_id], {
      onSuccess: () => {
        options.onDeleted?.(item.history_item_id);
        toast.success('Generation deleted');
      },
    });
  };

  const onDownload = (item: HistoryItem) => {
    setDownloading(item.history_item_id);
    download.mutate([item], { onSettled: () => setDownloading(null) });
  };

  const buttons = (item: HistoryItem) => {
    const label = item.voice_name || item.dialogue?.length ? historyVoiceLabel(item) : 'this generation';
    return (
      <div className="flex shrink-0 items-center gap-0.5" role="group" aria-label="Actions">
        <ActionButton label={`Download ${label}`} tip="Download" onClick={() => onDownload(item)}>
          {downloading === item.history_item_id ? (
            <Spinner className="size-4" />
          ) : (
            <DownloadIcon className="size-4" />
          )}
        </ActionButton>
        {canShare ? (
          <ActionButton label={`Share ${label}`} tip="Share" onClick={() => setSharing(item)}>
            <ShareIcon className="size-4" />
          </ActionButton>
        ) : null}
        <ActionButton
          label={`Members with access to ${label}`}
          tip="Share with members"
          onClick={() => setAccess(item)}
        >
          <MembersIcon className="size-4" />
        </ActionButton>
        <ActionButton label={`Delete ${label}`} tip="Delete" danger onClick={() => void onDelete(item)}>
          <TrashIcon className="size-4" />
        </ActionButton>
      </div>
    );
  };

  const modal = (
    <>
      <ShareLinkModal
        historyItemId={sharing?.history_item_id ?? null}
        onClose={() => setSharing(null)}
        // Video only for text-to-speech items (§8).
        onShareVideo={
          sharing?.source === 'TTS'
            ? () => {
                setVideo(sharing);
                setSharing(null);
              }
            : undefined
        }
      />
      <ShareVideoModal item={video} onClose={() => setVideo(null)} />
      <ResourceAccessDialog
        resource={access ? { type: 'history_item', id: access.history_item_id } : null}
        name={access ? historyVoiceLabel(access) : undefined}
        onClose={() => setAccess(null)}
      />
    </>
  );
  return { buttons, modal };
}

function ActionButton({
  label,
  tip,
  danger = false,
  onClick,
  children,
}: {
  label: string;
  tip: string;
  danger?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Tooltip content={tip}>
      <button
        type="button"
        aria-label={label}
        onClick={onClick}
        className={
          danger
            ? 'inline-flex size-8 items-center justify-center rounded-lg text-zinc-500 transition-colors hover:bg-rose-50 hover:text-rose-600 dark:text-zinc-400 dark:hover:bg-rose-500/10 dark:hover:text-rose-400'
            : 'inline-flex size-8 items-center justify-center rounded-lg text-zinc-500 transition-colors hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100'
        }
      >
        {children}
      </button>
    </Tooltip>
  );
}
