import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Voice } from '@vocalis/contracts/voices';

import { api } from '@/lib/api-client';

export type CreateVoiceInput = {
  name: string;
  description: string;
  generatedVoiceId: string;
  playedNotSelected: string[];
};

/** POST /v1/text-to-voice: a preview becomes a voice of category `generated`. */
export function createVoiceFromPreview(input: CreateVoiceInput) {
  return api.post<Voice>('/v1/text-to-voice', {
    voice_name: input.name,
    voice_description: input.description,
    generated_voice_id: input.generatedVoiceId,
    played_not_selected_voice_ids: input.playedNotSelected,
  });
}

/** Saves the voice; the voice lists (and the user's counts and checklist) are read again. */
export function useCreateVoiceFromPreview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVoiceFromPreview,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['voices'] }),
        queryClient.invalidateQueries({ queryKey: ['user'] }),
      ]);
    },
  });
}
