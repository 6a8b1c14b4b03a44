import { appRoutes } from '@vocalis/domain/app-routes';
import { formatRelativeTime } from '@vocalis/domain/relative-time';
import clsx from 'clsx';
import { Link } from 'react-router';

import { PauseIcon, PlayIcon } from '@/components/audio-player/player-icons';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/icons';
import { useNow } from '@/hooks/use-now';
import { historyAudioUrl } from '@/lib/history/download-history';
import { useHistory, type HistoryFilters } from '@/lib/history/get-history';
import { historyVoiceLabel } from '@/lib/history/history-voice-label';
import { errorToastMessage } from '@/lib/error-toast';

import type { PlayInPlace } from '../hooks/use-play-in-place';
import { HomeSection } from './home-section';

/** The start page lists the newest few; the history page has the rest. */
export const RECENT_ITEMS = 5;
const NEWEST: HistoryFilters = { sortDirection: 'desc' };

/** The newest generations, each playable where it is listed. */
export function RecentGenerations({ player }: { player: PlayInPlace }) {
  const history = useHistory(NEWEST);
  const now = useNow();
  const items = (history.data?.pages[0]?.history ?? []).slice(0, RECENT_ITEMS);

  return (
    <HomeSection
      id="home-recent"
      title="Recent generations"
      action={
        items.length > 0 ? (
          <Link
            to={appRoutes.textToSpeechHistory.path}
            aria-label="View all generations"
            className="text-sm font-medium text-indigo-600 hover:text-indigo-500 dark:text-indigo-400"
          >
            View all
          </Link>
        ) : null
      }
    >
      {history.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner className="size-5" />
        </div>
      ) : history.isError ? (
        <p role="alert" className="p-5 text-sm text-rose-600 dark:text-rose-400">
          {errorToastMessage(history.error)}
        </p>
      ) : items.length === 0 ? (
        <div className="px-5 py-10 text-center">
          <p className="text-sm font-medium text-zinc-800 dark:text-zinc-200">No generations yet</p>
          <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
            Speech you generate, here or through the API, appears here.
          </p>
          <Link to={appRoutes.textToSpeech.path} className={buttonClasses('secondary', 'sm', 'mt-4')}>
            Generate speech
          </Link>
        </div>
      ) : (
        <ul aria-label="Recent generations" className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {items.map((item) => {
            const key = `history:${item.history_item_id}`;
            const playing = player.isPlaying(key);
            const voice = historyVoiceLabel(item);
            const progress = player.progress(key);
            return (
              <li key={item.history_item_id} className="relative flex items-center gap-3 px-4 py-3 sm:px-5">
                <button
                  type="button"
                  aria-label={`${playing ? 'Pause' : 'Play'} ${voice}: ${item.text.slice(0, 40)}`}
                  onClick={() => player.toggle(key, historyAudioUrl(item.history_item_id))}
                  className={clsx(
                    'inline-flex size-9 shrink-0 items-center justify-center rounded-full border transition-colors',
                    playing
                      ? 'border-indigo-500 bg-indigo-600 text-white'
                      : 'border-zinc-200 text-zinc-700 hover:bg-zinc-50 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800',
                  )}
                >
                  {playing ? <PauseIcon className="size-3.5" /> : <PlayIcon className="size-3.5" />}
                </button>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm text-zinc-900 dark:text-zinc-100">{item.text}</p>
                  <p className="mt-0.5 truncate text-xs text-zinc-500 dark:text-zinc-400">
                    <span className="font-medium text-zinc-700 dark:text-zinc-300">{voice}</span>
                    {' · '}
                    <time dateTime={new Date(item.date_unix * 1000).toISOString()}>
                      {formatRelativeTime(item.date_unix * 1000, now)}
                    </time>
                  </p>
                </div>
                {progress > 0 ? (
                  <span
                    aria-hidden
                    className="absolute inset-x-0 bottom-0 h-0.5 origin-left bg-indigo-500"
                    style={{ transform: `scaleX(${progress})` }}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </HomeSection>
  );
}
