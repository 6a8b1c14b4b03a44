import { useCallback, useEffect, useRef, useState } from 'react';

import { toast } from '@/components/ui/toast/toast-store';

/** "Voice previews: 'We are sorry, something went wrong.'" (§8). */
const PREVIEW_ERROR = 'We are sorry, something went wrong.';

/** Plays one design preview at a time from its base64 audio; remembers which ones were played. */
export function usePreviewPlayer() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);
  const [played, setPlayed] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => () => audioRef.current?.pause(), []);

  const toggle = useCallback(
    (id: string, mediaType: string, base64: string) => {
      audioRef.current?.pause();
      if (playingId === id) {
        setPlayingId(null);
        return;
      }
      const audio = new Audio(`data:${mediaType};base64,${base64}`);
      audioRef.current = audio;
      audio.addEventListener('ended', () => setPlayingId((p) => (p === id ? null : p)));
      setPlayingId(id);
      setPlayed((s) => new Set(s).add(id));
      audio.play().catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setPlayingId((p) => (p === id ? null : p));
        toast.error(PREVIEW_ERROR);
      });
    },
    [playingId],
  );

  const stop = useCallback(() => {
    audioRef.current?.pause();
    setPlayingId(null);
  }, []);

  return { playingId, played, toggle, stop };
}
