import { useCallback, useEffect, useRef, useState } from 'react';

import { toast } from '@/components/ui/toast/toast-store';

/** "Voice previews: 'We are sorry, something went wrong.'" (§8). */
export const PREVIEW_ERROR = 'We are sorry, something went wrong.';

/** One preview at a time: starting another stops the first; clicking the playing one stops it. */
export function useVoicePreview() {
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);

  useEffect(() => () => audioRef.current?.pause(), []);

  const toggle = useCallback(
    (voiceId: string, url: string | null) => {
      const current = audioRef.current;
      current?.pause();
      if (playingId === voiceId || !url) {
        setPlayingId(null);
        if (!url) toast.error(PREVIEW_ERROR);
        return;
      }
      const audio = new Audio(url);
      audioRef.current = audio;
      audio.addEventListener('ended', () => setPlayingId((id) => (id === voiceId ? null : id)));
      setPlayingId(voiceId);
      audio.play().catch((error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setPlayingId((id) => (id === voiceId ? null : id));
        toast.error(PREVIEW_ERROR);
      });
    },
    [playingId],
  );

  const stop = useCallback(() => {
    audioRef.current?.pause();
    setPlayingId(null);
  }, []);

  return { playingId, toggle, stop };
}
