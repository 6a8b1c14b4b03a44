import { useMutation } from '@tanstack/react-query';
import type { VoiceDesignPreviewResponse } from '@vocalis/contracts/text-to-voice';

import { api } from '@/lib/api-client';

export type DesignInput = { description: string; text?: string; remixOf?: string | null };

/** POST /v1/text-to-voice/create-previews, or /v1/text-to-voice/{voice_id}/remix for a remix. */
export function designVoice({ description, text, remixOf }: DesignInput) {
  const body = { voice_description: description, ...(text ? { text } : { auto_generate_text: true }) };
  const path = remixOf
    ? `/v1/text-to-voice/${encodeURIComponent(remixOf)}/remix`
    : '/v1/text-to-voice/create-previews';
  return api.post<VoiceDesignPreviewResponse>(path, body);
}

export function useDesignVoice() {
  return useMutation({ mutationFn: designVoice });
}
