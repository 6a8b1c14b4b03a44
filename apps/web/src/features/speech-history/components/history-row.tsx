import type { HistoryItem } from '@vocalis/contracts/history';
import { formatRelativeTime } from '@vocalis/domain/relative-time';
import clsx from 'clsx';
import type { ReactNode } from 'react';

import { PauseIcon, PlayIcon } from '@/components/audio-player/player-icons';
import { historyVoiceLabel } from '@/lib/history/history-voice-label';

const EXCERPT_LENGTH = 160;

type HistoryRowProps = {
  item: HistoryItem;
  now: number;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** Whether this row is the one in the player, and playing. */
  playing: boolean;
  onPlay: () => void;
  /** Opens the generation (whole text, settings, Regenerate). */
  onOpen: () => void;
  /** The model's name (the id while the list loads or for a model the server no longer has). */
  modelName: string | null;
  /** The row's download, share and delete buttons. */
  actions?: ReactNode;
};

const excerpt = (text: string) =>
  text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text;

/**
 * One generation: checkbox, play, text excerpt (a button that opens it), then voice, model, date and
 * character count; actions. At phone width the excerpt keeps two lines and the meta line voice and date.
 */
export function HistoryRow({
  item,
  now,
  selected,
  onSelect,
  playing,
  onPlay,
  onOpen,
  modelName,
  actions,
}: HistoryRowProps) {
  const characters = Math.abs(item.character_count_change_to - item.character_count_change_from);
  const voice = historyVoiceLabel(item);
  return (
    <li
      data-testid="history-row"
      className={clsx(
        'flex items-start gap-2 px-3 py-2.5 transition-colors sm:gap-3 sm:px-4 sm:py-3',
        selected ? 'bg-indigo-50/60 dark:bg-indigo-500/10' : 'hover:bg-zinc-50 dark:hover:bg-zinc-800/40',
      )}
    >
      <input
        type="checkbox"
        aria-label={`Select "${excerpt(item.text).slice(0, 40)}"`}
        checked={selected}
        onChange={(e) => onSelect(e.target.checked)}
        className="mt-2 size-4 rounded border-zinc-300 accent-indigo-600"
      />
      <button
        type="button"
        aria-label={playing ? `Pause ${voice}` : `Play ${voice}`}
        onClick={onPlay}
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full border border-zinc-200 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800"
      >
        {playing ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
      </button>
      <button
        type="button"
        onClick={onOpen}
        aria-haspopup="dialog"
        className="min-w-0 flex-1 cursor-pointer space-y-1 rounded-md text-left focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
      >
        <span className="line-clamp-2 text-sm break-words text-zinc-900 sm:line-clamp-none dark:text-zinc-100">
          {excerpt(item.text)}
        </span>
        <span className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="font-medium text-zinc-700 dark:text-zinc-300">{voice}</span>
          {item.dialogue?.length ? <span>Dialogue</span> : null}
          {modelName ? <span className="hidden sm:inline">{modelName}</span> : null}
          <time dateTime={new Date(item.date_unix * 1000).toISOString()}>
            {formatRelativeTime(item.date_unix * 1000, now)}
          </time>
          <span className="hidden sm:inline">{characters.toLocaleString('en')} characters</span>
        </span>
      </button>
      {actions}
    </li>
  );
}
