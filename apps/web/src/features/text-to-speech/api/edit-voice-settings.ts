import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoiceSettingsResponse } from '@vocalis/contracts/voices';

import { api } from '@/lib/api-client';
import { showErrorToast } from '@/lib/error-toast';
import { voicesQueryOptions } from '@/lib/voices';

/** POST /v1/voices/{id}/settings/edit: the workspace's settings for the voice (generation starts from them). */
export function editVoiceSettings(voiceId: string, settings: VoiceSettingsResponse) {
  return api.post<{ status: 'ok' }>(`/v1/voices/${encodeURIComponent(voiceId)}/settings/edit`, settings);
}

/**
 * Saves the settings as the voice's own, then refetches the voice list (each voice carries the
 * workspace's settings) before the mutation settles, so callers see the saved values at once.
 */
export function useEditVoiceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ voiceId, settings }: { voiceId: string; settings: VoiceSettingsResponse }) =>
      editVoiceSettings(voiceId, settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voicesQueryOptions().queryKey, exact: true }),
    onError: (error) => showErrorToast(error),
  });
}
