import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FineTuning, PvcSample, SpeakerSeparation } from '@vocalis/contracts/pvc';
import type { Voice } from '@vocalis/contracts/voices';

import { api } from '@/lib/api-client';
import { useLiveCollection } from '@/lib/live';

const pvcPath = (id: string) => `/v1/voices/pvc/${encodeURIComponent(id)}`;
const samplePath = (voiceId: string, sampleId: string) =>
  `${pvcPath(voiceId)}/samples/${encodeURIComponent(sampleId)}`;

/** A professional voice as this page reads it from GET /v1/voices. */
export type PvcVoice = Voice & { fine_tuning?: FineTuning | null };

export const pvcVoicesKey = ['voices', 'professional'] as const;

/** The workspace's professional voices (trained or not), newest first. */
export function useProfessionalVoices() {
  return useQuery({
    queryKey: pvcVoicesKey,
    queryFn: async ({ signal }) =>
      (await api.get<{ voices: PvcVoice[] }>('/v1/voices', { signal })).voices.filter(
        (v) => v.category === 'professional',
      ),
  });
}

/** Refetches the professional voices when a training or verification changes (live collection `voice`). */
export function useLiveProfessionalVoices() {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: ['voices'] });
  useLiveCollection('voice', refetch, refetch);
}

export const createPvc = (input: { name: string; language: string; description?: string }) =>
  api.post<{ voice_id: string }>('/v1/voices/pvc', input);

/** POST …/samples with many files at once. */
export function addSamples(voiceId: string, files: File[]) {
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  return api.post<PvcSample[]>(`${pvcPath(voiceId)}/samples`, form);
}

export const deletePvcSample = (voiceId: string, sampleId: string) =>
  api.delete<{ status: string }>(samplePath(voiceId, sampleId));

export const getWaveform = (voiceId: string, sampleId: string, signal?: AbortSignal) =>
  api.get<{ visual_waveform: number[] }>(`${samplePath(voiceId, sampleId)}/waveform`, { signal });

export const getSampleAudio = (voiceId: string, sampleId: string) =>
  api.get<{ audio_base_64: string; media_type: string }>(`${samplePath(voiceId, sampleId)}/audio`);

export const separateSpeakers = (voiceId: string, sampleId: string) =>
  api.post<{ status: string }>(`${samplePath(voiceId, sampleId)}/separate-speakers`);

export const getSpeakers = (voiceId: string, sampleId: string, signal?: AbortSignal) =>
  api.get<SpeakerSeparation>(`${samplePath(voiceId, sampleId)}/speakers`, { signal });

export const getSpeakerAudio = (voiceId: string, sampleId: string, speakerId: string) =>
  api.get<{ audio_base_64: string; media_type: string }>(
    `${samplePath(voiceId, sampleId)}/speakers/${encodeURIComponent(speakerId)}/audio`,
  );

export const selectSpeakers = (voiceId: string, sampleId: string, ids: string[]) =>
  api.post<{ voice_id: string }>(samplePath(voiceId, sampleId), { selected_speaker_ids: ids });

export const trainPvc = (voiceId: string) => api.post<{ status: string }>(`${pvcPath(voiceId)}/train`, {});

export type Captcha = { text: string; attempts_used: number; max_attempts: number; min_word_recall: number };
export const getCaptcha = (voiceId: string, signal?: AbortSignal) =>
  api.get<Captcha>(`${pvcPath(voiceId)}/captcha`, { signal });

export type CaptchaResult = {
  status: string;
  accepted: boolean;
  similarity: number;
  heard: string;
  text: string;
  /** How far the reader's voice lay from the samples' (null when it could not be measured). */
  speaker_distance: number | null;
  /** Why a refused recording was refused. */
  failure?: string;
};
export function verifyCaptcha(voiceId: string, recording: File) {
  const form = new FormData();
  form.append('recording', recording, recording.name);
  return api.post<CaptchaResult>(`${pvcPath(voiceId)}/captcha`, form);
}

/** Plays base64 audio from the API. */
export function playBase64(audio: { audio_base_64: string; media_type: string }) {
  const bytes = Uint8Array.from(atob(audio.audio_base_64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: audio.media_type }));
  const el = new Audio(url);
  el.onended = () => URL.revokeObjectURL(url);
  void el.play();
}

/** Noise removal and trim (ms of the upload; null clears), applied again to the stored original. */
export const processSample = (
  voiceId: string,
  sampleId: string,
  o: { remove_background_noise: boolean; trim_start_time: number | null; trim_end_time: number | null },
) => api.post<{ voice_id: string }>(samplePath(voiceId, sampleId), o);
