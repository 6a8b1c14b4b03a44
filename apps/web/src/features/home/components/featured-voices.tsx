import type { Voice } from '@vocalis/contracts/voices';
import { appRoutes } from '@vocalis/domain/app-routes';
import clsx from 'clsx';
import { useNavigate } from 'react-router';

import { PauseIcon, PlayIcon } from '@/components/audio-player/player-icons';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast/toast-store';
import { writeStored } from '@/lib/storage';
import { SELECTED_VOICE_STORAGE, VOICE_PREVIEW_ERROR, useVoices } from '@/lib/voices';

import type { PlayInPlace } from '../hooks/use-play-in-place';
import { HomeSection } from './home-section';

export const FEATURED_VOICES = 6;

/**
 * The voices to feature, a varied few: built-in voices first (everyone has them), one per accent and
 * gender before any repeats, in the order the list gives them.
 */
export function featuredVoices(voices: readonly Voice[], count = FEATURED_VOICES): Voice[] {
  const ordered = [
    ...voices.filter((v) => v.category === 'premade'),
    ...voices.filter((v) => v.category !== 'premade'),
  ];
  const kinds = new Set<string>();
  const varied = ordered.filter((v) => {
    const kind = `${v.labels.accent ?? ''}|${v.labels.gender ?? ''}`;
    if (kinds.has(kind)) return false;
    kinds.add(kind);
    return true;
  });
  return [...varied, ...ordered.filter((v) => !varied.includes(v))].slice(0, count);
}

/** A few words about a voice from its labels: 'calm · scottish · male'. */
export function voiceTraits(voice: Pick<Voice, 'labels'>): string {
  const { descriptive, accent, gender } = voice.labels;
  return [descriptive, accent, gender]
    .filter(Boolean)
    .map((label) => label!.replaceAll('_', ' '))
    .join(' · ');
}

const HUES = [
  'from-indigo-500 to-violet-500',
  'from-sky-500 to-indigo-500',
  'from-emerald-500 to-teal-500',
  'from-amber-500 to-rose-500',
  'from-fuchsia-500 to-pink-500',
  'from-cyan-500 to-blue-500',
];

/** Voices to try: hear a preview in place, or open text to speech with the voice selected. */
export function FeaturedVoices({ player }: { player: PlayInPlace }) {
  const voices = useVoices();
  const navigate = useNavigate();
  const featured = featuredVoices(voices.data ?? []);

  const use = (voice: Voice) => {
    writeStored(SELECTED_VOICE_STORAGE, voice.voice_id);
    void navigate(appRoutes.textToSpeech.path);
  };

  return (
    <HomeSection id="home-voices" title="Featured voices">
      {voices.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner className="size-5" />
        </div>
      ) : featured.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-zinc-500 dark:text-zinc-400">No voices available.</p>
      ) : (
        <ul
          aria-label="Featured voices"
          className="grid gap-px bg-zinc-100 sm:grid-cols-2 lg:grid-cols-3 dark:bg-zinc-800"
        >
          {featured.map((voice, i) => {
            const key = `voice:${voice.voice_id}`;
            const playing = player.isPlaying(key);
            const traits = voiceTraits(voice);
            return (
              <li
                key={voice.voice_id}
                className="flex items-center gap-3 bg-white px-4 py-3.5 dark:bg-zinc-900"
              >
                <button
                  type="button"
                  aria-label={`${playing ? 'Stop' : 'Play'} preview of ${voice.name}`}
                  onClick={() =>
                    voice.preview_url
                      ? player.toggle(key, voice.preview_url)
                      : toast.error(VOICE_PREVIEW_ERROR)
                  }
                  className={clsx(
                    'relative inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br text-white shadow-sm transition-transform hover:scale-105',
                    HUES[i % HUES.length],
                  )}
                >
                  {playing ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
                </button>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-zinc-900 dark:text-white">{voice.name}</p>
                  {traits ? (
                    <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{traits}</p>
                  ) : null}
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Use ${voice.name}`}
                  onClick={() => use(voice)}
                >
                  Use
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </HomeSection>
  );
}
