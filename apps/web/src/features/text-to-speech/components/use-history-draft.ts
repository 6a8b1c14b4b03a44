import type { Model } from '@vocalis/contracts/models';
import type { Voice } from '@vocalis/contracts/voices';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

import { showErrorToast } from '@/lib/error-toast';

import { useHistoryItem } from '../api/get-history-item';
import { historyDraft, REGENERATE_PARAM, type HistoryDraft } from '../lib/history-draft';
import type { VoiceSettingsValue } from '@/lib/voice-settings-bounds';

/**
 * "Regenerate" from the history: `?history_item_id=` on the page loads that item, and once the voices
 * and models are known its text, voice, model and settings (or dialogue) go into the editor through
 * `apply`. The parameter is then dropped, so a reload keeps the user's later edits.
 */
export function useHistoryDraft(
  known: { voices: Voice[] | undefined; models: Model[] | undefined; defaults: VoiceSettingsValue },
  apply: (draft: HistoryDraft) => void,
) {
  const [params, setParams] = useSearchParams();
  const id = params.get(REGENERATE_PARAM);
  const item = useHistoryItem(id);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const { voices, models, defaults } = known;

  useEffect(() => {
    if (!id || (!item.data && !item.isError) || !voices || !models) return;
    if (item.data) {
      applyRef.current(
        historyDraft(item.data, {
          voiceIds: voices.map((v) => v.voice_id),
          modelIds: models.map((m) => m.model_id),
          defaults,
        }),
      );
    } else showErrorToast(item.error);
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(REGENERATE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [id, item.data, item.isError, item.error, voices, models, defaults, setParams]);

  return { loading: id !== null };
}
