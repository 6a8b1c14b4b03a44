import type { LibraryVoice } from '@vocalis/contracts/voice-library';
import { appRoutes } from '@vocalis/domain/app-routes';
import clsx from 'clsx';
import { Link, generatePath } from 'react-router';

import { Button } from '@/components/ui/button';

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** One library voice: preview, what it is, its counts, and add (or "Added"). */
export function LibraryVoiceCard({
  voice,
  playing,
  onPlay,
  onAdd,
  own,
}: {
  voice: LibraryVoice;
  playing: boolean;
  onPlay: () => void;
  onAdd: () => void;
  /** The caller's own shared voice: nothing to add. */
  own: boolean;
}) {
  const tags = [
    voice.gender,
    voice.age.replace('_', ' '),
    voice.accent,
    voice.use_case,
    voice.descriptive,
  ].filter(Boolean);
  const href = generatePath(appRoutes.voiceLabShare.path, {
    publicUserId: voice.public_owner_id,
    voiceId: voice.voice_id,
  });
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex items-start gap-3">
        <button
          type="button"
          onClick={onPlay}
          aria-label={`${playing ? 'Stop' : 'Play'} preview of ${voice.name}`}
          className={clsx(
            'flex size-10 shrink-0 items-center justify-center rounded-full border transition-colors',
            playing
              ? 'border-indigo-500 bg-indigo-500 text-white'
              : 'border-zinc-300 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-200 dark:hover:bg-zinc-800',
          )}
        >
          <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
            {playing ? <path d="M7 5h4v14H7zM13 5h4v14h-4z" /> : <path d="M8 5v14l11-7z" />}
          </svg>
        </button>
        <div className="min-w-0 flex-1">
          <Link
            to={href}
            className="block truncate font-medium text-zinc-900 hover:underline dark:text-zinc-50"
          >
            {voice.name}
          </Link>
          <p className="line-clamp-2 text-sm text-zinc-500 dark:text-zinc-400">
            {voice.description || 'No description.'}
          </p>
        </div>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label="Labels">
        {tags.map((t) => (
          <li
            key={t}
            className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 capitalize dark:bg-zinc-800 dark:text-zinc-300"
          >
            {t}
          </li>
        ))}
        {voice.rate !== 1 ? (
          <li className="rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
            ×{voice.rate} rate
          </li>
        ) : null}
      </ul>
      <div className="mt-auto flex items-center justify-between gap-2">
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {compact.format(voice.cloned_by_count)} added · {compact.format(voice.usage_character_count_1y)}{' '}
          chars/yr
        </p>
        {own ? (
          <span className="text-xs font-medium text-zinc-500">Your voice</span>
        ) : voice.is_added_by_user ? (
          <span className="inline-flex h-8 items-center rounded-lg px-3 text-sm font-medium text-emerald-700 dark:text-emerald-400">
            Added
          </span>
        ) : (
          <Button size="sm" onClick={onAdd} aria-label={`Add ${voice.name} to my voices`}>
            Add to my voices
          </Button>
        )}
      </div>
    </li>
  );
}
