import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoiceSharing, VoiceSharingSettingsInput } from '@vocalis/contracts/voice-library';

import { api } from '@/lib/api-client';

/** POST /v1/voices/{id}/share-library: save the sharing settings and share. */
export function shareToLibrary(voiceId: string, settings: VoiceSharingSettingsInput) {
  return api.post<VoiceSharing>(`/v1/voices/${encodeURIComponent(voiceId)}/share-library`, settings);
}

/** POST /v1/voices/{id}/share: sharing on or off (with invited emails). */
export function setSharing(voiceId: string, enable: boolean, emails?: string[]) {
  return api.post<VoiceSharing>(`/v1/voices/${encodeURIComponent(voiceId)}/share`, { enable, emails });
}

function useInvalidateSharing(voiceId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['voice', voiceId] }),
      queryClient.invalidateQueries({ queryKey: ['shared-voices'] }),
      queryClient.invalidateQueries({ queryKey: ['voices'] }),
    ]);
}

export function useShareToLibrary(voiceId: string) {
  const invalidate = useInvalidateSharing(voiceId);
  return useMutation({
    mutationFn: (input: { settings: VoiceSharingSettingsInput; emails: string[] }) =>
      shareToLibrary(voiceId, input.settings).then((s) =>
        input.emails.length ? setSharing(voiceId, true, input.emails) : s,
      ),
    onSuccess: invalidate,
  });
}

export function useStopSharing(voiceId: string) {
  const invalidate = useInvalidateSharing(voiceId);
  return useMutation({ mutationFn: () => setSharing(voiceId, false), onSuccess: invalidate });
}
