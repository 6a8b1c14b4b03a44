import type { HistoryItem } from '@vocalis/contracts/history';
import { appRoutes } from '@vocalis/domain/app-routes';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';

import { AudioPlayerBar } from '@/components/audio-player/audio-player-bar';
import { useAudioPlayer } from '@/components/audio-player/use-audio-player';
import { useHistoryItemActions } from '@/components/speech-history/history-item-actions';
import { buttonClasses } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';
import { Spinner } from '@/components/ui/icons';
import { LoadingButton } from '@/components/ui/loading-button';
import { toast } from '@/components/ui/toast/toast-store';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useNow } from '@/hooks/use-now';
import { errorToastMessage } from '@/lib/error-toast';

import { useDeleteHistoryItems } from '@/lib/history/delete-history-items';
import { historyAudioUrl, useDownloadHistory } from '@/lib/history/download-history';
import { FeedbackDialog } from '@/components/speech-history/feedback-dialog';
import { useFeedback } from '@/components/speech-history/use-feedback';
import { useHistory, type HistoryFilters } from '@/lib/history/get-history';
import { modelName, useModelList } from '@/lib/history/model-names';
import { useVoices } from '@/lib/voices';

import { HistoryDetails } from './history-details';
import { HistoryRow } from './history-row';
import { HistoryToolbar, type ToolbarValue } from './history-toolbar';
import { historyVoiceLabel } from '@/lib/history/history-voice-label';

/** Search waits this long after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;
const DAY_S = 86_400;

const INITIAL_TOOLBAR: ToolbarValue = { search: '', voiceId: '', from: '', to: '', sortDirection: 'desc' };

/** Local midnight of a yyyy-mm-dd date input, in unix seconds. */
const dayStartUnix = (day: string) =>
  day ? Math.floor(new Date(`${day}T00:00:00`).getTime() / 1000) : undefined;

function toFilters(value: ToolbarValue, search: string, source?: HistoryItem['source']): HistoryFilters {
  const to = dayStartUnix(value.to);
  return {
    source,
    search: search.trim() || undefined,
    voiceId: value.voiceId || undefined,
    dateAfterUnix: dayStartUnix(value.from),
    dateBeforeUnix: to === undefined ? undefined : to + DAY_S - 1,
    sortDirection: value.sortDirection,
  };
}

/** /app/speech-synthesis/text-to-speech/history: the workspace's generations, with play, download and delete. */
export function HistoryView({ source }: { source?: HistoryItem['source'] } = {}) {
  const [toolbar, setToolbar] = useState(INITIAL_TOOLBAR);
  const search = useDebouncedValue(toolbar.search, SEARCH_DEBOUNCE_MS);
  const filters = useMemo(() => toFilters(toolbar, search, source), [toolbar, search, source]);
  const history = useHistory(filters);
  const voices = useVoices().data ?? [];
  const download = useDownloadHistory();
  const remove = useDeleteHistoryItems();
  const confirm = useConfirm();
  const player = useAudioPlayer();
  const now = useNow();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [current, setCurrent] = useState<HistoryItem | null>(null);
  const [opened, setOpened] = useState<HistoryItem | null>(null);
  const models = useModelList().data;
  const nameOf = (item: HistoryItem) => (item.model_id ? modelName(models, item.model_id) : null);
  const feedbackTarget = useMemo(
    () =>
      current
        ? {
            historyItemId: current.history_item_id,
            text: current.text,
            thumbsUp: current.feedback?.thumbs_up,
          }
        : null,
    [current],
  );
  const feedback = useFeedback(feedbackTarget);
  const actions = useHistoryItemActions({
    onDeleted: (id) => {
      setSelected((prev) => new Set([...prev].filter((x) => x !== id)));
      if (opened?.history_item_id === id) setOpened(null);
      if (current?.history_item_id !== id) return;
      player.reset();
      setCurrent(null);
    },
  });

  const items = useMemo(() => history.data?.pages.flatMap((page) => page.history) ?? [], [history.data]);
  const selectedItems = items.filter((item) => selected.has(item.history_item_id));
  const filtered = Boolean(toolbar.search.trim() || toolbar.voiceId || toolbar.from || toolbar.to);
  const allSelected = items.length > 0 && selectedItems.length === items.length;

  const select = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const play = (item: HistoryItem) => {
    if (current?.history_item_id === item.history_item_id && player.state.status !== 'error') {
      player.toggle();
      return;
    }
    setCurrent(item);
    player.loadSource(historyAudioUrl(item.history_item_id));
  };

  const onDelete = async () => {
    const count = selectedItems.length;
    const { confirmed } = await confirm({
      title: count === 1 ? 'Delete this generation?' : `Delete ${count} generations?`,
      description: 'The audio and its text are removed from your history. This cannot be undone.',
      confirmText: 'Delete',
      variant: 'danger',
    });
    if (!confirmed) return;
    const ids = selectedItems.map((item) => item.history_item_id);
    remove.mutate(ids, {
      onSuccess: () => {
        setSelected(new Set());
        if (current && ids.includes(current.history_item_id)) {
          player.reset();
          setCurrent(null);
        }
        toast.success(count === 1 ? 'Generation deleted' : `${count} generations deleted`);
      },
    });
  };

  return (
    <div className="space-y-4 pb-[calc(var(--player-bar-height,0px)+2rem)]">
      <HistoryToolbar value={toolbar} onChange={setToolbar} voices={voices} />

      <div
        role="toolbar"
        aria-label="Selection"
        className="flex flex-wrap items-center gap-3 rounded-xl border border-zinc-200 bg-white px-4 py-2 text-sm dark:border-zinc-800 dark:bg-zinc-900/60"
      >
        <label className="flex items-center gap-2 text-zinc-600 dark:text-zinc-400">
          <input
            type="checkbox"
            aria-label="Select all"
            checked={allSelected}
            disabled={items.length === 0}
            onChange={(e) =>
              setSelected(new Set(e.target.checked ? items.map((item) => item.history_item_id) : []))
            }
            className="size-4 accent-indigo-600"
          />
          {selectedItems.length > 0 ? `${selectedItems.length} selected` : 'Select all'}
        </label>
        <div className="ml-auto flex gap-2">
          <LoadingButton
            size="sm"
            variant="secondary"
            loading={download.isPending}
            disabled={selectedItems.length === 0}
            onClick={() => download.mutate(selectedItems)}
          >
            Download
          </LoadingButton>
          <LoadingButton
            size="sm"
            // Red only when it would delete something: a faded red button still reads as active.
            variant={selectedItems.length === 0 ? 'secondary' : 'danger'}
            loading={remove.isPending}
            disabled={selectedItems.length === 0}
            onClick={() => void onDelete()}
          >
            Delete
          </LoadingButton>
        </div>
      </div>

      {history.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner className="size-5" />
        </div>
      ) : history.isError ? (
        <p role="alert" className="text-sm text-rose-600 dark:text-rose-400">
          {errorToastMessage(history.error)}
        </p>
      ) : items.length === 0 ? (
        <div className="rounded-xl border border-dashed border-zinc-300 p-10 text-center dark:border-zinc-700">
          {filtered ? (
            <p className="text-sm text-zinc-500">No generations match these filters.</p>
          ) : (
            <div className="space-y-3">
              <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300">No generations yet</p>
              {source === 'STS' ? (
                <Link to={appRoutes.speechToSpeech.path} className={buttonClasses('primary', 'sm')}>
                  Convert speech
                </Link>
              ) : (
                <Link to={appRoutes.textToSpeech.path} className={buttonClasses('primary', 'sm')}>
                  Generate speech
                </Link>
              )}
            </div>
          )}
        </div>
      ) : (
        <ul
          aria-label="Generations"
          className="divide-y divide-zinc-100 overflow-hidden rounded-xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900/60"
        >
          {items.map((item) => (
            <HistoryRow
              key={item.history_item_id}
              item={item}
              now={now}
              selected={selected.has(item.history_item_id)}
              onSelect={(on) => select(item.history_item_id, on)}
              playing={current?.history_item_id === item.history_item_id && player.state.status === 'playing'}
              onPlay={() => play(item)}
              onOpen={() => setOpened(item)}
              modelName={nameOf(item)}
              actions={actions.buttons(item)}
            />
          ))}
        </ul>
      )}

      {history.hasNextPage ? (
        <div className="flex justify-center">
          <LoadingButton
            variant="secondary"
            loading={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            Load more
          </LoadingButton>
        </div>
      ) : null}

      <AudioPlayerBar
        player={player}
        title={current ? historyVoiceLabel(current) : ''}
        subtitle={current?.text}
        downloadReady={current !== null && !download.isPending}
        onDownload={current ? () => download.mutate([current]) : undefined}
        feedback={feedback.thumb}
        onFeedback={feedback.choose}
      />
      <FeedbackDialog {...feedback.dialog} />
      <HistoryDetails
        item={opened}
        onClose={() => setOpened(null)}
        modelName={opened ? nameOf(opened) : null}
        date={opened ? new Date(opened.date_unix * 1000).toLocaleString('en-US') : ''}
        playing={
          opened !== null &&
          current?.history_item_id === opened.history_item_id &&
          player.state.status === 'playing'
        }
        onPlay={() => opened && play(opened)}
        actions={opened ? actions.buttons(opened) : null}
      />
      {actions.modal}
    </div>
  );
}
