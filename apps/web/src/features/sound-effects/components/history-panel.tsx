import type { HistoryItem } from '@vocalis/contracts/history';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage } from '@/lib/error-toast';
import { useSetPublished } from '@/lib/history/share-link';

import { getAudio, useDeleteSound, useSoundHistory } from '../api/sound-effects';
import { SoundPlayer } from './sound-player';

function ShareButton({ id }: { id: string }) {
  const publish = useSetPublished(id);
  const link = publish.data?.share_link;
  if (link)
    return (
      <span className="flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
        <a href={link} className="max-w-48 truncate underline" target="_blank" rel="noreferrer">
          {link}
        </a>
        <CopyButton value={link} label="Copy share link" />
      </span>
    );
  return (
    <LoadingButton size="sm" variant="ghost" loading={publish.isPending} onClick={() => publish.mutate(true)}>
      Share
    </LoadingButton>
  );
}

/** The history tab: past sound effects to play, download, share or delete. */
export function HistoryPanel() {
  const history = useSoundHistory();
  const remove = useDeleteSound();
  const [open, setOpen] = useState<{ id: string; audio: Blob } | null>(null);
  const [loading, setLoading] = useState<string | null>(null);
  const items = history.data?.history ?? [];

  const play = async (item: HistoryItem) => {
    setLoading(item.history_item_id);
    try {
      const audio = await getAudio(`/v1/history/${encodeURIComponent(item.history_item_id)}/audio`);
      setOpen({ id: item.history_item_id, audio });
    } catch (error) {
      toast.error(errorToastMessage(error));
    } finally {
      setLoading(null);
    }
  };

  if (items.length === 0)
    return (
      <p className="text-sm text-zinc-500">{history.isPending ? 'Loading…' : 'No sound effects yet.'}</p>
    );
  return (
    <ul
      aria-label="Sound effects"
      className="divide-y divide-zinc-100 overflow-hidden rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      {items.map((item) => {
        const s = item.settings as {
          duration_seconds?: number | null;
          loop?: boolean;
          categories?: string[];
        } | null;
        return (
          <li key={item.history_item_id} data-testid="sound-row" className="space-y-2 px-4 py-3 text-sm">
            <div className="flex flex-wrap items-center gap-3">
              <span className="w-full min-w-0 truncate font-medium text-zinc-800 sm:w-auto sm:flex-1 dark:text-zinc-200">
                {item.text}
              </span>
              <span className="text-zinc-500">
                {s?.duration_seconds ? `${s.duration_seconds} s` : 'auto'}
                {s?.loop ? ' · loop' : ''}
                {s?.categories?.length ? ` · ${s.categories.join(' + ')}` : ''}
              </span>
              <span className="text-zinc-500">{new Date(item.date_unix * 1000).toLocaleString('en')}</span>
              <LoadingButton
                size="sm"
                variant="secondary"
                loading={loading === item.history_item_id}
                onClick={() => void play(item)}
              >
                Play
              </LoadingButton>
              <ShareButton id={item.history_item_id} />
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Delete ${item.text}`}
                onClick={() =>
                  remove.mutate(item.history_item_id, {
                    onSuccess: () => toast.success('Sound effect deleted'),
                  })
                }
              >
                Delete
              </Button>
            </div>
            {open?.id === item.history_item_id && (
              <SoundPlayer
                audio={open.audio}
                name={`${item.text.slice(0, 40)}.mp3`}
                label={`Play ${item.text}`}
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}
