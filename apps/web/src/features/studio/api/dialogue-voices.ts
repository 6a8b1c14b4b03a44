import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DialogueVoicesResponse } from '@vocalis/contracts/studio-dialogue';

import { api } from '@/lib/api-client';

import { studioKeys } from './projects';

/** POST dialogue-voices: each speaker of quoted dialogue gets its own voice from the workspace. */
export function useAssignDialogueVoices(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<DialogueVoicesResponse>(
        `/v1/studio/projects/${encodeURIComponent(projectId)}/dialogue-voices`,
        {},
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: studioKeys.all }),
  });
}
