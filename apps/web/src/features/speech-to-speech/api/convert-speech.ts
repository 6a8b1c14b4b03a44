import { useMutation, useQueryClient } from '@tanstack/react-query';

import { requestRaw } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';
import { historyKeys } from '@/lib/history/get-history';

export const STS_OUTPUT_FORMAT = 'mp3_44100_128';

/** What the built-in conversion did, from the x-conversion header. */
export type ConversionReport = {
  source_pitch_hz: number;
  target_pitch_hz: number;
  range_factor: number;
  formant_scale: number;
  brightness_db: number;
};

export type ConvertInput = {
  voiceId: string;
  audio: Blob;
  fileName: string;
  modelId?: string;
  removeBackgroundNoise: boolean;
};

export type Converted = {
  audio: Blob;
  historyItemId: string | null;
  characters: number;
  report: ConversionReport | null;
};

/** POST /v1/speech-to-speech/{voice_id} (multipart): the converted audio, whole. */
export async function convertSpeech(input: ConvertInput, signal?: AbortSignal): Promise<Converted> {
  const form = new FormData();
  form.append('audio', input.audio, input.fileName);
  if (input.modelId) form.append('model_id', input.modelId);
  form.append('remove_background_noise', String(input.removeBackgroundNoise));
  const response = await requestRaw(`/v1/speech-to-speech/${encodeURIComponent(input.voiceId)}`, {
    method: 'POST',
    body: form,
    params: { output_format: STS_OUTPUT_FORMAT },
    signal,
  });
  const report = response.headers.get('x-conversion');
  return {
    audio: await response.blob(),
    historyItemId: response.headers.get('history-item-id'),
    characters: Number(response.headers.get('x-character-count') ?? 0),
    report: report ? (JSON.parse(report) as ConversionReport) : null,
  };
}

export function useConvertSpeech() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConvertInput) => convertSpeech(input),
    // A conversion spends characters (the credits meter) and adds a history item.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: historyKeys.all }),
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
      ]),
  });
}
