import { useMutation } from '@tanstack/react-query';
import type { AiClassifierResponse } from '@vocalis/contracts/ai-classifier';

import { api } from '@/lib/api-client';

/** POST /v1/ai-speech-classifier with one audio file. */
export function classifyAudio(file: File): Promise<AiClassifierResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<AiClassifierResponse>('/v1/ai-speech-classifier', form);
}

export function useClassifyAudio() {
  return useMutation({ mutationFn: classifyAudio });
}
