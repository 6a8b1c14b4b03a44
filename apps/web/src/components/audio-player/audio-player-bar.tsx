import clsx from 'clsx';
import { useEffect, type ReactNode } from 'react';

import { Spinner } from '@/components/ui/icons';
import { Tooltip } from '@/components/ui/tooltip';

import {
  BackIcon,
  ChevronIcon,
  DownloadIcon,
  ForwardIcon,
  PauseIcon,
  PlayIcon,
  ThumbDownIcon,
  ThumbUpIcon,
  WaveIcon,
} from './player-icons';
import { reserveBottom } from './reserve-bottom';
import { BUTTON_SEEK_S, formatTime, KEYBOARD_SEEK_S, PLAYBACK_SPEEDS } from './player-reducer';
import type { AudioPlayer } from './use-audio-player';
import { WaveformSeek } from './waveform-seek';

export type Thumb = 'up' | 'down';

export type AudioPlayerBarProps = {
  player: AudioPlayer;
  title: ReactNode;
  subtitle?: ReactNode;
  /** Download button: shown always, enabled when `downloadReady`. */
  onDownload?: () => void;
  downloadReady?: boolean;
  /** Feedback thumbs, shown once the reducer says so (after 3 s of playback or at the end). */
  feedback?: Thumb | null;
  onFeedback?: (thumb: Thumb) => void;
  /** "speed selector ... where enabled" (§2). */
  showSpeed?: boolean;
  /**
   * Where the bar sits: fixed to the bottom of the dashboard's content area (default), fixed to the
   * bottom of a page without the sidebar, or inline in its container (no show/hide).
   */
  placement?: 'dashboard' | 'page' | 'inline';
};

const PLACEMENT = {
  dashboard: 'fixed inset-x-0 bottom-0 z-30 border-t lg:left-64',
  page: 'fixed inset-x-0 bottom-0 z-30 border-t',
  inline: 'rounded-2xl border',
} as const;

/** Whether a key press belongs to a field, so the player must not treat arrows as seeks. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.dataset.playerSeek !== undefined) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

const iconButton =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-full text-zinc-600 transition-colors hover:bg-zinc-100 hover:text-zinc-900 disabled:pointer-events-none disabled:opacity-40 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white';

/**
 * The audio player bar (content-and-workspace.md §2): play/pause, 10 s back and forward, seek slider over
 * the waveform, elapsed and total time, speeds 0.8–2, download, show/hide and feedback thumbs. Arrow keys
 * seek 3 s anywhere on the page except in a field. The bar is fixed to the bottom of the content area.
 */
export function AudioPlayerBar({
  player,
  title,
  subtitle,
  onDownload,
  downloadReady = false,
  feedback = null,
  onFeedback,
  showSpeed = true,
  placement = 'dashboard',
}: AudioPlayerBarProps) {
  const { state } = player;
  const active = state.status !== 'idle';
  const playing = state.status === 'playing';
  const loading = state.status === 'loading';

  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
        event.preventDefault();
        player.skip(event.key === 'ArrowLeft' ? -KEYBOARD_SEEK_S : KEYBOARD_SEEK_S);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, player]);

  if (!active) return null;

  if (!state.visible && placement !== 'inline') {
    return (
      <button
        type="button"
        ref={reserveBottom}
        data-state={state.status}
        data-testid="audio-player"
        onClick={() => player.setVisible(true)}
        className="fixed right-4 bottom-4 z-30 inline-flex items-center gap-2 rounded-full border border-zinc-200 bg-white/95 px-4 py-2 text-sm font-medium text-zinc-800 shadow-lg backdrop-blur hover:bg-white dark:border-zinc-700 dark:bg-zinc-900/95 dark:text-zinc-100"
      >
        <WaveIcon className={clsx('size-4 text-indigo-500', playing && 'animate-pulse')} />
        Show player
      </button>
    );
  }

  return (
    <section
      aria-label="Audio player"
      ref={placement === 'inline' ? undefined : reserveBottom}
      data-testid="audio-player"
      data-state={state.status}
      data-mode={state.mode ?? undefined}
      className={clsx(
        PLACEMENT[placement],
        'border-zinc-200 bg-white/90 shadow-[0_-8px_30px_-12px_rgba(0,0,0,0.15)] backdrop-blur-md dark:border-zinc-800 dark:bg-zinc-950/90',
      )}
    >
      <div
        className={clsx(
          'mx-auto flex max-w-5xl flex-col gap-2',
          placement === 'inline' ? 'px-3 py-3' : 'px-4 py-3 sm:px-6 lg:px-8',
        )}
      >
        <div className="flex items-center gap-3">
          <span className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-fuchsia-500 text-white sm:inline-flex">
            <WaveIcon className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-50">{title}</p>
            {subtitle ? (
              <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{subtitle}</p>
            ) : null}
          </div>
          {state.feedbackVisible && onFeedback ? (
            <div className="flex items-center gap-0.5" role="group" aria-label="Feedback">
              {(['up', 'down'] as const).map((thumb) => (
                <Tooltip key={thumb} content={thumb === 'up' ? 'Good generation' : 'Bad generation'}>
                  <button
                    type="button"
                    aria-label={thumb === 'up' ? 'Thumbs up' : 'Thumbs down'}
                    aria-pressed={feedback === thumb}
                    onClick={() => onFeedback(thumb)}
                    className={clsx(
                      iconButton,
                      'size-8',
                      feedback === thumb &&
                        'bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300',
                    )}
                  >
                    {thumb === 'up' ? (
                      <ThumbUpIcon className="size-4" />
                    ) : (
                      <ThumbDownIcon className="size-4" />
                    )}
                  </button>
                </Tooltip>
              ))}
            </div>
          ) : null}
          {placement === 'inline' ? null : (
            <Tooltip content="Hide player">
              <button
                type="button"
                aria-label="Hide player"
                className={clsx(iconButton, 'size-8')}
                onClick={() => player.setVisible(false)}
              >
                <ChevronIcon className="size-4" />
              </button>
            </Tooltip>
          )}
        </div>

        <div className="flex items-center gap-2 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
          <span className="w-10 text-right" data-testid="elapsed">
            {formatTime(state.currentTime)}
          </span>
          <WaveformSeek
            peaks={player.peaks}
            currentTime={state.currentTime}
            duration={state.duration}
            onSeek={player.seekTo}
            disabled={loading}
          />
          <span className="w-10" data-testid="total">
            {formatTime(state.duration)}
          </span>
        </div>

        <div className="flex items-center justify-between gap-2">
          <div className="flex w-24 items-center sm:w-32">
            {showSpeed ? (
              <label className="relative">
                <span className="sr-only">Playback speed</span>
                <select
                  value={state.rate}
                  onChange={(event) => player.setRate(Number(event.currentTarget.value))}
                  className="h-8 cursor-pointer appearance-none rounded-full border border-zinc-200 bg-transparent px-3 text-xs font-medium text-zinc-700 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-900"
                >
                  {PLAYBACK_SPEEDS.map((speed) => (
                    <option key={speed} value={speed}>
                      {speed}×
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </div>
          <div className="flex items-center gap-1 sm:gap-2">
            <Tooltip content={`Back ${BUTTON_SEEK_S} seconds`}>
              <button
                type="button"
                aria-label={`Back ${BUTTON_SEEK_S} seconds`}
                className={iconButton}
                disabled={loading}
                onClick={() => player.skip(-BUTTON_SEEK_S)}
              >
                <BackIcon className="size-5" />
              </button>
            </Tooltip>
            <button
              type="button"
              aria-label={playing ? 'Pause' : 'Play'}
              disabled={loading || state.status === 'error'}
              onClick={player.toggle}
              className="inline-flex size-11 items-center justify-center rounded-full bg-zinc-900 text-white shadow-md transition hover:scale-105 hover:bg-zinc-800 disabled:opacity-60 dark:bg-white dark:text-zinc-900 dark:hover:bg-zinc-200"
            >
              {loading ? (
                <Spinner className="size-5" />
              ) : playing ? (
                <PauseIcon className="size-5" />
              ) : (
                <PlayIcon className="size-5 translate-x-px" />
              )}
            </button>
            <Tooltip content={`Forward ${BUTTON_SEEK_S} seconds`}>
              <button
                type="button"
                aria-label={`Forward ${BUTTON_SEEK_S} seconds`}
                className={iconButton}
                disabled={loading}
                onClick={() => player.skip(BUTTON_SEEK_S)}
              >
                <ForwardIcon className="size-5" />
              </button>
            </Tooltip>
          </div>
          <div className="flex w-24 justify-end sm:w-32">
            {onDownload ? (
              <Tooltip content={downloadReady ? 'Download' : 'Preparing download…'}>
                <span>
                  <button
                    type="button"
                    aria-label="Download"
                    className={iconButton}
                    disabled={!downloadReady}
                    onClick={onDownload}
                  >
                    <DownloadIcon className="size-5" />
                  </button>
                </span>
              </Tooltip>
            ) : null}
          </div>
        </div>
        {state.error ? (
          <p role="alert" className="text-xs text-rose-600 dark:text-rose-400">
            {state.error}
          </p>
        ) : null}
      </div>
    </section>
  );
}
