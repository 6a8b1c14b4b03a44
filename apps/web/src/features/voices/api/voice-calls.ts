import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Voice, VoiceSettingsResponse } from '@vocalis/contracts/voices';

import { api, requestRaw } from '@/lib/api-client';
import { billingKeys } from '@/lib/subscription';
import { voicesQueryOptions } from '@/lib/voices';

const voicePath = (id: string) => `/v1/voices/${encodeURIComponent(id)}`;

export type VoiceUpload = {
  name: string;
  description?: string;
  labels: Record<string, string>;
  removeBackgroundNoise: boolean;
  files: File[];
};

/** The multipart body of POST /v1/voices/add and /v1/voices/{id}/edit. */
export function uploadForm(input: VoiceUpload): FormData {
  const form = new FormData();
  form.append('name', input.name.trim());
  if (input.description !== undefined) form.append('description', input.description);
  form.append('labels', JSON.stringify(input.labels));
  form.append('remove_background_noise', String(input.removeBackgroundNoise));
  for (const file of input.files) form.append('files', file, file.name);
  return form;
}

/** POST /v1/voices/add (instant cloning). */
export const addVoice = (input: VoiceUpload) =>
  api.post<{ voice_id: string; requires_verification: boolean }>('/v1/voices/add', uploadForm(input));

/** POST /v1/voices/{id}/edit: name, description, labels; new files are added as samples. */
export const editVoice = (id: string, input: VoiceUpload) =>
  api.post<{ status: 'ok' }>(`${voicePath(id)}/edit`, uploadForm(input));

export const deleteVoice = (id: string) => api.delete<{ status: 'ok' }>(voicePath(id));

export const deleteSample = (voiceId: string, sampleId: string) =>
  api.delete<{ status: 'ok' }>(`${voicePath(voiceId)}/samples/${encodeURIComponent(sampleId)}`);

/** GET /v1/voices/{id}/samples/{sample}/audio: the sample as uploaded. */
export async function getSampleAudio(voiceId: string, sampleId: string, signal?: AbortSignal) {
  const res = await requestRaw(`${voicePath(voiceId)}/samples/${encodeURIComponent(sampleId)}/audio`, {
    signal,
  });
  return res.blob();
}

export const getVoiceSettings = (id: string, signal?: AbortSignal) =>
  api.get<VoiceSettingsResponse>(`${voicePath(id)}/settings`, { signal });

export const editVoiceSettings = (id: string, settings: VoiceSettingsResponse) =>
  api.post<{ status: 'ok' }>(`${voicePath(id)}/settings/edit`, settings);

export const voiceSettingsKey = (id: string) => ['voices', id, 'settings'] as const;

export function useVoiceSettings(id: string) {
  return useQuery({ queryKey: voiceSettingsKey(id), queryFn: ({ signal }) => getVoiceSettings(id, signal) });
}

/**
 * After any change to a voice: the voice list (it carries samples, previews and settings) and the
 * subscription (its voice counts) are fetched again before the mutation settles.
 */
export function useVoiceMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: voicesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: billingKeys.all }),
      ]),
  });
}

export type { Voice };
