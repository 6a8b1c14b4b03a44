import type { HistoryItem } from '@vocalis/contracts/history';
import type { HistoryRow } from './history.repo';

export const dateUnix = (row: Pick<HistoryRow, 'createdAt'>) => Math.floor(row.createdAt.getTime() / 1000);

/** A history item in the SDK's SpeechHistoryItemResponse shape. */
export function presentHistoryItem(row: HistoryRow): HistoryItem {
  return {
    history_item_id: row.id,
    request_id: row.requestId,
    voice_id: row.voiceId,
    model_id: row.modelId,
    voice_name: row.voiceName,
    voice_category: row.voiceCategory,
    text: row.text,
    date_unix: dateUnix(row),
    character_count_change_from: row.characterCountChangeFrom,
    character_count_change_to: row.characterCountChangeTo,
    content_type: row.contentType,
    state: 'created',
    settings: row.settings,
    feedback: row.feedback,
    share_link_id: row.shareLinkId,
    source: row.source,
    output_format: row.outputFormat,
    ...(row.dialogue ? { dialogue: row.dialogue } : {}),
    ...(row.source === 'SFX' ? { sound_generation_history_item_id: row.id } : {}),
  };
}
