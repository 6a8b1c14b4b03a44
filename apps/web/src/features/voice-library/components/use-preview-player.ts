import { useCallback, useEffect, useRef, useState } from 'react';

import { toast } from '@/components/ui/toast/toast-store';

/** "Voice previews: 'We are sorry, something went wrong.'" (§8). */
export const PREVIEW_ERROR = 'We are sorry, something went wrong.';

/** One library preview at a time: starting another stops the first; clicking the playing one stops it. */
export function usePreviewPlayer() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);

  useEffect(() => () => audioRef.current?.pause(), []);

  const toggle = useCallback(
    (id: string, url: string | undefined) => {
      audioRef.current?.pause();
      if (playingId === id || !url) {
        setPlayingId(null);
        if (!url) toast.error(PREVIEW_ERROR);
        return;
      }
      const audio = new Audio(url);
      audioRef.current = audio;
      audio.addEventListener('ended', () => setPlayingId((p) => (p === id ? null : p)));
      setPlayingId(id);
      audio.play().catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setPlayingId((p) => (p === id ? null : p));
        toast.error(PREVIEW_ERROR);
      });
    },
    [playingId],
  );

  return { playingId, toggle };
}
