import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { currentUserKey } from '@/lib/current-user';

import { dubbingKeys } from './get-dubs';

export type NewDub = {
  file?: File;
  sourceUrl?: string;
  name: string;
  sourceLang: string;
  targetLang: string;
  numSpeakers: number;
  startTime?: number;
  endTime?: number;
  dropBackgroundAudio: boolean;
};

/** POST /v1/dubbing (multipart). */
export function createDub(d: NewDub) {
  const form = new FormData();
  if (d.file) form.append('file', d.file, d.file.name);
  if (d.sourceUrl) form.append('source_url', d.sourceUrl);
  if (d.name) form.append('name', d.name);
  form.append('source_lang', d.sourceLang);
  form.append('target_lang', d.targetLang);
  form.append('num_speakers', String(d.numSpeakers));
  if (d.startTime !== undefined) form.append('start_time', String(d.startTime));
  if (d.endTime !== undefined) form.append('end_time', String(d.endTime));
  form.append('drop_background_audio', String(d.dropBackgroundAudio));
  return api.post<{ dubbing_id: string; expected_duration_sec: number }>('/v1/dubbing', form);
}

export function useCreateDub() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDub,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: dubbingKeys.all, exact: true }),
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
      ]),
  });
}
