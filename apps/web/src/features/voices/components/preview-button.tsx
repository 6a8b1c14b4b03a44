import type { Voice } from '@vocalis/contracts/voices';
import { useEffect, useRef, useState } from 'react';

import { PauseIcon, PlayIcon } from '@/components/audio-player/player-icons';
import { Spinner } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast/toast-store';
import { VOICE_PREVIEW_ERROR } from '@/lib/voices';

/** One preview plays at a time across the page: starting another pauses the first. */
let current: HTMLAudioElement | null = null;

/**
 * Plays the voice's preview_url (a workspace voice's clip is rendered on first play, so it may take a
 * few seconds: a spinner shows until it plays). "We are sorry, something went wrong." on failure (§8).
 */
export function PreviewButton({ voice }: { voice: Pick<Voice, 'voice_id' | 'name' | 'preview_url'> }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'playing'>('idle');
  useEffect(() => () => audio.current?.pause(), []);

  const toggle = () => {
    if (state !== 'idle') {
      audio.current?.pause();
      setState('idle');
      return;
    }
    if (!voice.preview_url) {
      toast.error(VOICE_PREVIEW_ERROR);
      return;
    }
    current?.pause();
    const el = audio.current?.src === voice.preview_url ? audio.current : new Audio(voice.preview_url);
    audio.current = el;
    current = el;
    el.onended = () => setState('idle');
    el.onpause = () => setState('idle');
    el.onplaying = () => setState('playing');
    setState('loading');
    el.currentTime = 0;
    el.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setState('idle');
      toast.error(VOICE_PREVIEW_ERROR);
    });
  };

  return (
    <button
      type="button"
      onClick={toggle}
      aria-label={`${state === 'idle' ? 'Play' : 'Stop'} preview of ${voice.name}`}
      data-state={state}
      className="grid size-9 shrink-0 place-items-center rounded-full border border-zinc-200 bg-white text-zinc-800 shadow-sm hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100 dark:hover:bg-zinc-700"
    >
      {state === 'loading' ? (
        <Spinner className="size-4" />
      ) : state === 'playing' ? (
        <PauseIcon className="size-4" />
      ) : (
        <PlayIcon className="size-4" />
      )}
    </button>
  );
}
