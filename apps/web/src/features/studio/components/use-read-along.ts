import { useCallback, useEffect, useRef, useState } from 'react';

import { fetchTakes, takeAudio } from '../api/takes';
import { wordAt, wordsOf, type TimedWord } from './read-along-words';

export type ReadAlongState = { blockId: string; words: TimedWord[]; word: number } | null;

/**
 * Plays a chapter from one block to the end, block after block (each block's chosen take), and follows the
 * word being spoken with the engines' character timings.
 */
export function useReadAlong(projectId: string, chapterId: string, blockIds: string[]) {
  const [state, setState] = useState<ReadAlongState>(null);
  const run = useRef(0);
  const audio = useRef<HTMLAudioElement | null>(null);

  const stop = useCallback(() => {
    run.current++;
    audio.current?.pause();
    audio.current = null;
    setState(null);
  }, []);
  useEffect(() => stop, [stop]);

  const playFrom = useCallback(
    async (blockId: string) => {
      stop();
      const me = run.current;
      for (const id of blockIds.slice(Math.max(0, blockIds.indexOf(blockId)))) {
        const take = (await fetchTakes(projectId, chapterId, id)).takes.find(
          (t) => t.is_current && t.matches_content,
        );
        if (me !== run.current) return;
        if (!take) continue;
        const url = URL.createObjectURL(await takeAudio(projectId, chapterId, id, take.take_id));
        if (me !== run.current) return URL.revokeObjectURL(url);
        const words = wordsOf(take.alignment);
        const a = new Audio(url);
        audio.current = a;
        setState({ blockId: id, words, word: -1 });
        await new Promise<void>((resolve) => {
          let frame = 0;
          const tick = () => {
            if (me !== run.current) return resolve();
            const word = wordAt(words, a.currentTime);
            setState((s) => (s && s.blockId === id && s.word !== word ? { ...s, word } : s));
            frame = requestAnimationFrame(tick);
          };
          a.onended = a.onerror = () => {
            cancelAnimationFrame(frame);
            resolve();
          };
          a.onpause = () => {
            if (me !== run.current) {
              cancelAnimationFrame(frame);
              resolve();
            }
          };
          void a.play().then(tick, () => resolve());
        });
        URL.revokeObjectURL(url);
        if (me !== run.current) return;
      }
      if (me === run.current) setState(null);
    },
    [projectId, chapterId, blockIds, stop],
  );

  return { state, playFrom, stop };
}
