import { useCallback, useEffect, useState } from 'react';

import { readStored, writeStored } from '@/lib/storage';

import { initialLines, toSaved, type EditorLine } from '../lib/dialogue-lines';

/** §9 "Storage keys: selected model, speech-to-speech model, voice and dialogue" (under 'xi:'). */
export const DIALOGUE_STORAGE_KEY = 'dialogue';

/**
 * The dialogue being edited, saved in browser storage as text and voice_id pairs on every change and
 * read back by the spec's rules (lib/dialogue-lines → domain/saved-dialogue). Lines without a voice yet
 * (nothing saved, voices still loading) get `startVoiceIds` once they are known.
 */
export function useSavedDialogue(startVoiceIds: readonly string[]) {
  const [lines, setLinesState] = useState<EditorLine[]>(() =>
    initialLines(readStored<unknown>(DIALOGUE_STORAGE_KEY, null), startVoiceIds),
  );

  const setLines = useCallback((next: EditorLine[]) => {
    setLinesState(next);
    writeStored(DIALOGUE_STORAGE_KEY, toSaved(next));
  }, []);

  const first = startVoiceIds[0];
  const second = startVoiceIds[1] ?? first;
  useEffect(() => {
    if (!first) return;
    setLinesState((current) =>
      current.some((line) => line.voice_id === '')
        ? current.map((line, i) =>
            line.voice_id ? line : { ...line, voice_id: i % 2 === 0 ? first : second! },
          )
        : current,
    );
  }, [first, second]);

  return [lines, setLines] as const;
}
