import type { SharedItem } from '@vocalis/contracts/sharing';
import { accountRoutes } from '@vocalis/domain/app-routes';
import { SHARE_MESSAGE } from '@vocalis/domain/sharing';
import { Link } from 'react-router';

import { AudioPlayerBar } from '@/components/audio-player/audio-player-bar';
import { PlayIcon, WaveIcon } from '@/components/audio-player/player-icons';
import { useAudioPlayer } from '@/components/audio-player/use-audio-player';
import { buttonClasses } from '@/components/ui/button';
import { LogoMark, Spinner } from '@/components/ui/icons';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { isHttpError } from '@/lib/api-client';
import { errorToastMessage } from '@/lib/error-toast';

import { useSharedItem } from '../api/get-shared-item';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** /share/:shareId: a shared text to speech, played with the app's player, no account needed. */
export function SharedSpeechView({ shareId }: { shareId: string }) {
  const shared = useSharedItem(shareId);

  return (
    <div className="relative flex min-h-dvh flex-col overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 mx-auto h-[28rem] max-w-3xl rounded-full bg-gradient-to-tr from-indigo-300/40 via-violet-300/30 to-sky-200/30 blur-3xl dark:from-indigo-600/20 dark:via-violet-600/15 dark:to-sky-500/10"
      />
      <header className="relative mx-auto flex w-full max-w-3xl items-center justify-between px-4 py-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2.5">
          <span className="flex size-8 items-center justify-center rounded-lg bg-indigo-600 text-white shadow-sm shadow-indigo-600/30">
            <LogoMark className="size-5" />
          </span>
          <span className="text-[15px] font-semibold tracking-tight text-zinc-900 dark:text-white">
            Vocalis
          </span>
        </Link>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <Link to={accountRoutes.signUp.path} className={buttonClasses('primary', 'sm')}>
            Try Vocalis
          </Link>
        </div>
      </header>

      <main className="relative mx-auto w-full max-w-3xl flex-1 px-4 pt-6 pb-16 sm:px-6 sm:pt-12">
        {shared.isPending ? (
          <div className="flex justify-center py-24" role="status" aria-label="Loading">
            <Spinner className="size-6 text-zinc-400" />
          </div>
        ) : shared.isError ? (
          <div className="rounded-2xl border border-zinc-200 bg-white/90 p-10 text-center shadow-xl shadow-zinc-900/5 dark:border-zinc-800 dark:bg-zinc-900/80">
            <h1 className="text-xl font-semibold text-zinc-900 dark:text-white">
              {isHttpError(shared.error) && shared.error.status === 404
                ? 'This shared speech is not available'
                : 'Something went wrong'}
            </h1>
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{errorToastMessage(shared.error)}</p>
          </div>
        ) : (
          <SharedArticle item={shared.data} />
        )}
        <p className="mt-6 text-center text-xs text-zinc-500 dark:text-zinc-400">
          Made with Vocalis text to speech.{' '}
          <Link
            to={accountRoutes.signUp.path}
            className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
          >
            Create your own
          </Link>
        </p>
      </main>
    </div>
  );
}

/** The shared generation: who shared it, when, the voice, the text and the player (loaded on Play). */
function SharedArticle({ item }: { item: SharedItem }) {
  const player = useAudioPlayer();
  return (
    <article className="rounded-2xl border border-zinc-200 bg-white/90 p-6 shadow-xl shadow-zinc-900/5 backdrop-blur sm:p-8 dark:border-zinc-800 dark:bg-zinc-900/80 dark:shadow-black/30">
      <p className="text-sm text-zinc-500 dark:text-zinc-400">
        <span className="font-medium text-zinc-900 dark:text-zinc-100">{item.public_user_name}</span> shared a
        text to speech · {dateFormat.format(new Date(item.date_unix * 1000))}
      </p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-white">
        {SHARE_MESSAGE}
      </h1>
      <div className="mt-5 flex items-center gap-3">
        <span className="inline-flex size-10 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-500 to-fuchsia-500 text-white">
          <WaveIcon className="size-5" />
        </span>
        <div>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">Voice</p>
          <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100" data-testid="shared-voice">
            {item.voice_name ?? 'Unknown voice'}
          </p>
        </div>
      </div>
      <blockquote className="mt-6 border-l-2 border-indigo-200 pl-4 text-base leading-7 whitespace-pre-wrap text-zinc-800 dark:border-indigo-500/40 dark:text-zinc-200">
        {item.text}
      </blockquote>
      <div className="mt-8">
        {player.state.status === 'idle' ? (
          <button
            type="button"
            onClick={() => player.loadSource(item.audio_url)}
            className={buttonClasses('primary', 'lg', 'w-full sm:w-auto')}
          >
            <PlayIcon className="size-5" />
            Play
          </button>
        ) : (
          <AudioPlayerBar
            player={player}
            placement="inline"
            title={item.voice_name ?? ''}
            subtitle={`Shared by ${item.public_user_name}`}
          />
        )}
      </div>
    </article>
  );
}
