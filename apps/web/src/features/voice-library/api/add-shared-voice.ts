import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** POST /v1/voices/add/{public_user_id}/{voice_id}: a copy of a shared voice in my voices. */
export function addSharedVoice(input: { publicUserId: string; voiceId: string; name: string }) {
  return api.post<{ voice_id: string }>(
    `/v1/voices/add/${encodeURIComponent(input.publicUserId)}/${encodeURIComponent(input.voiceId)}`,
    { new_name: input.name },
  );
}

export function useAddSharedVoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSharedVoice,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['shared-voices'] }),
        queryClient.invalidateQueries({ queryKey: ['shared-voice'] }),
        queryClient.invalidateQueries({ queryKey: ['voices'] }),
        queryClient.invalidateQueries({ queryKey: ['user'] }),
      ]),
  });
}
