import type { HistoryItem } from '@vocalis/contracts/history';
import type { DialogueLine } from '@vocalis/domain/saved-dialogue';

import type { VoiceSettingsValue } from '@/lib/voice-settings-bounds';

/** The query parameter of the text-to-speech page that loads a history item into the editor ("Regenerate"). */
export const REGENERATE_PARAM = 'history_item_id';

/** What "Regenerate" puts back into the editor. */
export type HistoryDraft =
  | {
      mode: 'single';
      text: string;
      voiceId: string | null;
      modelId: string | null;
      settings: VoiceSettingsValue | null;
    }
  | { mode: 'dialogue'; lines: DialogueLine[]; modelId: string | null };

const num = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** The item's stored settings over `defaults` (an item may lack some, or all of them). */
export function historySettings(
  settings: HistoryItem['settings'],
  defaults: VoiceSettingsValue,
): VoiceSettingsValue | null {
  if (!settings) return null;
  return {
    stability: num(settings.stability, defaults.stability),
    similarity_boost: num(settings.similarity_boost, defaults.similarity_boost),
    style: num(settings.style, defaults.style ?? 0),
    speed: num(settings.speed, defaults.speed ?? 1),
    use_speaker_boost:
      typeof settings.use_speaker_boost === 'boolean'
        ? settings.use_speaker_boost
        : defaults.use_speaker_boost,
  };
}

/**
 * The editor's contents for a history item: its text, voice, model and settings, or its dialogue lines.
 * A voice or model that no longer exists is left out (null), so the editor keeps its current choice.
 */
export function historyDraft(
  item: Pick<HistoryItem, 'text' | 'voice_id' | 'model_id' | 'settings' | 'dialogue'>,
  known: { voiceIds: readonly string[]; modelIds: readonly string[]; defaults: VoiceSettingsValue },
): HistoryDraft {
  const modelId = item.model_id && known.modelIds.includes(item.model_id) ? item.model_id : null;
  if (item.dialogue?.length) {
    return {
      mode: 'dialogue',
      lines: item.dialogue.map((line) => ({ text: line.text, voice_id: line.voice_id })),
      modelId,
    };
  }
  return {
    mode: 'single',
    text: item.text,
    voiceId: item.voice_id && known.voiceIds.includes(item.voice_id) ? item.voice_id : null,
    modelId,
    settings: historySettings(item.settings, known.defaults),
  };
}
