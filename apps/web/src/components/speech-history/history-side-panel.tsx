import * as Dialog from '@radix-ui/react-dialog';
import type { HistoryItem } from '@vocalis/contracts/history';
import { appRoutes } from '@vocalis/domain/app-routes';
import { formatRelativeTime } from '@vocalis/domain/relative-time';
import clsx from 'clsx';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';

import { AudioPlayerBar } from '@/components/audio-player/audio-player-bar';
import { PauseIcon, PlayIcon } from '@/components/audio-player/player-icons';
import { useAudioPlayer } from '@/components/audio-player/use-audio-player';
import { HistoryIcon } from '@/components/ui/action-icons';
import { Button, buttonClasses } from '@/components/ui/button';
import { CloseIcon, Spinner } from '@/components/ui/icons';
import { useNow } from '@/hooks/use-now';
import { historyAudioUrl } from '@/lib/history/download-history';
import { useHistory, type HistoryFilters } from '@/lib/history/get-history';
import { errorToastMessage } from '@/lib/error-toast';

import { useHistoryItemActions } from './history-item-actions';
import { historyVoiceLabel } from '@/lib/history/history-voice-label';

/** The panel shows the newest generations; the full page pages through the rest. */
export const SIDE_PANEL_ITEMS = 10;
const NEWEST: HistoryFilters = { sortDirection: 'desc' };

/**
 * The history side panel of the text-to-speech page: a "Recent" button that opens a sheet on the right
 * with the newest generations (play, download, share, delete) and a link to the full history.
 */
export function HistorySidePanel() {
  const [open, setOpen] = useState(false);
  const player = useAudioPlayer();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) player.reset();
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="secondary" size="sm">
          <HistoryIcon className="size-4" />
          Recent
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 animate-overlay-in bg-zinc-950/30 backdrop-blur-[1px]" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col border-l border-zinc-200 bg-white shadow-2xl sm:w-[26rem] dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="flex h-16 shrink-0 items-center justify-between gap-3 border-b border-zinc-100 px-5 dark:border-zinc-800">
            <Dialog.Title className="flex items-center gap-2 text-[15px] font-semibold text-zinc-900 dark:text-zinc-50">
              <HistoryIcon className="size-[18px] text-zinc-500" />
              Recent generations
            </Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close recent generations">
                <CloseIcon className="size-5" />
              </Button>
            </Dialog.Close>
          </div>
          {open ? <PanelBody player={player} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PanelBody({ player }: { player: ReturnType<typeof useAudioPlayer> }) {
  const history = useHistory(NEWEST);
  const now = useNow();
  const [current, setCurrent] = useState<HistoryItem | null>(null);
  const actions = useHistoryItemActions({
    onDeleted: (id) => {
      if (current?.history_item_id !== id) return;
      player.reset();
      setCurrent(null);
    },
  });
  const items = useMemo(
    () => (history.data?.pages[0]?.history ?? []).slice(0, SIDE_PANEL_ITEMS),
    [history.data],
  );

  const play = (item: HistoryItem) => {
    if (current?.history_item_id === item.history_item_id && player.state.status !== 'error') {
      player.toggle();
      return;
    }
    setCurrent(item);
    player.loadSource(historyAudioUrl(item.history_item_id));
  };

  return (
    <>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 py-3">
        {history.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner className="size-5" />
          </div>
        ) : history.isError ? (
          <p role="alert" className="px-2 text-sm text-rose-600 dark:text-rose-400">
            {errorToastMessage(history.error)}
          </p>
        ) : items.length === 0 ? (
          <div className="px-4 py-12 text-center">
            <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300">No generations yet</p>
            <p className="mt-1 text-sm text-zinc-500">Generated speech appears here, newest first.</p>
          </div>
        ) : (
          <ul aria-label="Recent generations" className="space-y-1">
            {items.map((item) => {
              const isCurrent = current?.history_item_id === item.history_item_id;
              const playing = isCurrent && player.state.status === 'playing';
              const voice = historyVoiceLabel(item);
              return (
                <li
                  key={item.history_item_id}
                  data-testid="history-panel-item"
                  className={clsx(
                    'flex items-start gap-3 rounded-xl px-2 py-2.5 transition-colors',
                    isCurrent
                      ? 'bg-indigo-50/70 dark:bg-indigo-500/10'
                      : 'hover:bg-zinc-50 dark:hover:bg-zinc-800/50',
                  )}
                >
                  <button
                    type="button"
                    aria-label={playing ? `Pause ${voice}` : `Play ${voice}`}
                    onClick={() => play(item)}
                    className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full border border-zinc-200 text-zinc-700 hover:bg-white dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800"
                  >
                    {playing ? <PauseIcon className="size-3.5" /> : <PlayIcon className="size-3.5" />}
                  </button>
                  <div className="min-w-0 flex-1">
                    <p className="line-clamp-2 text-sm break-words text-zinc-900 dark:text-zinc-100">
                      {item.text}
                    </p>
                    <p className="mt-0.5 truncate text-xs text-zinc-500 dark:text-zinc-400">
                      <span className="font-medium text-zinc-700 dark:text-zinc-300">{voice}</span>
                      {' · '}
                      <time dateTime={new Date(item.date_unix * 1000).toISOString()}>
                        {formatRelativeTime(item.date_unix * 1000, now)}
                      </time>
                    </p>
                  </div>
                  {actions.buttons(item)}
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className="shrink-0 space-y-3 border-t border-zinc-100 p-4 dark:border-zinc-800">
        {current ? (
          <AudioPlayerBar
            player={player}
            placement="inline"
            title={historyVoiceLabel(current)}
            subtitle={current.text}
            showSpeed={false}
          />
        ) : null}
        <Link to={appRoutes.textToSpeechHistory.path} className={buttonClasses('secondary', 'md', 'w-full')}>
          View full history
        </Link>
      </div>
      {actions.modal}
    </>
  );
}
