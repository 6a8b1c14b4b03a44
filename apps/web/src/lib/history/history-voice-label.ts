import type { HistoryItem } from '@vocalis/contracts/history';

/**
 * The voice a history item is shown under: its voice name, or for a text-to-dialogue item (no single
 * voice) the distinct voices of its lines in the order they speak, e.g. "Susan, Kal".
 */
export function historyVoiceLabel(item: Pick<HistoryItem, 'voice_name' | 'dialogue'>): string {
  if (item.dialogue?.length) {
    const names = [...new Set(item.dialogue.map((line) => line.voice_name || line.voice_id))];
    return names.join(', ');
  }
  return item.voice_name || 'Unknown voice';
}
