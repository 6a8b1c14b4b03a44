import { useMutation } from '@tanstack/react-query';
import type { HistoryItem } from '@vocalis/contracts/history';

import { requestRaw } from '@/lib/api-client';
import { showErrorToast } from '@/lib/error-toast';
import { saveFile } from '@/lib/save-file';

import { assertDownloadType, downloadName } from './history-download-name';

/** GET /v1/history/{id}/audio: the stored file, playable as a source. */
export const historyAudioUrl = (id: string) => `/v1/history/${encodeURIComponent(id)}/audio`;

/** POST /v1/history/download: one id gives its audio, several a zip. */
export async function downloadHistory(items: HistoryItem[]): Promise<{ blob: Blob; fileName: string }> {
  const response = await requestRaw('/v1/history/download', {
    method: 'POST',
    body: { history_item_ids: items.map((item) => item.history_item_id) },
    headers: { Accept: 'audio/*, application/zip' },
  });
  const contentType = response.headers.get('content-type') ?? '';
  assertDownloadType(contentType);
  const blob = await response.blob();
  return { blob, fileName: downloadName(response.headers.get('content-disposition'), items, contentType) };
}

export function useDownloadHistory() {
  return useMutation({
    mutationFn: downloadHistory,
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
    onError: (error) => showErrorToast(error),
  });
}
