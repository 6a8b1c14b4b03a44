import { useEffect, useState } from 'react';

import { useAudioPlayer } from '@/components/audio-player/use-audio-player';
import { toast } from '@/components/ui/toast/toast-store';
import { VOICE_PREVIEW_ERROR } from '@/lib/voices';

export type PlayInPlace = {
  /** Plays `url` under `key`; the same key again pauses or resumes it. */
  toggle: (key: string, url: string) => void;
  /** Whether `key` is the one sounding (or about to). */
  isPlaying: (key: string) => boolean;
  /** How far `key` has played, 0–1 (0 unless it is the current one). */
  progress: (key: string) => number;
};

/**
 * One player for the whole start page: recent generations and voice previews play where they are
 * listed, one at a time. A failure shows the spec's preview message (content-and-workspace.md §8).
 */
export function usePlayInPlace(): PlayInPlace {
  const player = useAudioPlayer();
  const [current, setCurrent] = useState<string | null>(null);
  const { status, currentTime, duration } = player.state;

  useEffect(() => {
    if (status === 'error' && current) toast.error(VOICE_PREVIEW_ERROR);
  }, [status, current]);

  return {
    toggle: (key, url) => {
      if (key === current && status !== 'error') {
        player.toggle();
        return;
      }
      setCurrent(key);
      player.loadSource(url);
    },
    isPlaying: (key) => key === current && (status === 'playing' || status === 'loading'),
    progress: (key) =>
      key === current && duration ? Math.min(1, status === 'ended' ? 1 : currentTime / duration) : 0,
  };
}
