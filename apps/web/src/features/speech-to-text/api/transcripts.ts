import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TranscriptResponse, TranscriptSummary } from '@vocalis/contracts/speech-to-text';

import { api } from '@/lib/api-client';

export const transcriptKeys = {
  list: ['transcripts'] as const,
  one: (id: string) => ['transcripts', id] as const,
};

export type TranscribeInput = { file: File; diarize: boolean; numSpeakers?: number };

/**
 * POST /v1/speech-to-text in webhook mode: the server answers at once and a job makes the transcript,
 * whose status then arrives over live updates (long files never hold a request open).
 */
export function transcribe(input: TranscribeInput) {
  const form = new FormData();
  form.append('model_id', 'scribe_v1');
  form.append('timestamps_granularity', 'word');
  form.append('diarize', String(input.diarize));
  if (input.diarize && input.numSpeakers) form.append('num_speakers', String(input.numSpeakers));
  form.append('webhook', 'true');
  form.append('file', input.file, input.file.name);
  return api.post<{ transcription_id: string }>('/v1/speech-to-text', form, {
    headers: { 'x-vocalis-source': 'app' },
  });
}

export function useTranscripts() {
  return useQuery({
    queryKey: transcriptKeys.list,
    queryFn: ({ signal }) =>
      api.get<{ transcripts: TranscriptSummary[] }>('/v1/speech-to-text/transcripts', { signal }),
  });
}

/** A completed transcript (enabled once its summary says completed). */
export function useTranscript(id: string | null, completed: boolean) {
  return useQuery({
    queryKey: transcriptKeys.one(id ?? ''),
    enabled: !!id && completed,
    queryFn: ({ signal }) =>
      api.get<TranscriptResponse>(`/v1/speech-to-text/transcripts/${encodeURIComponent(id!)}`, { signal }),
  });
}

export function useTranscribe() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: transcribe,
    onSuccess: () => qc.invalidateQueries({ queryKey: transcriptKeys.list }),
  });
}

export function useDeleteTranscript() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/v1/speech-to-text/transcripts/${encodeURIComponent(id)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: transcriptKeys.list }),
  });
}
