import type { Voice } from '@vocalis/contracts/voices';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

import { VOICE_PARAM } from '@/lib/voices';

/**
 * "Use in text to speech" from the voice pages: `?voice_id=` selects that voice once the voices are
 * known (an unknown id is ignored), then the parameter is dropped so a reload keeps later choices.
 */
export function useVoiceParam(voices: Voice[] | undefined, select: (voiceId: string) => void) {
  const [params, setParams] = useSearchParams();
  const id = params.get(VOICE_PARAM);
  const selectRef = useRef(select);
  selectRef.current = select;

  useEffect(() => {
    if (!id || !voices) return;
    if (voices.some((v) => v.voice_id === id)) selectRef.current(id);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(VOICE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [id, voices, setParams]);
}
