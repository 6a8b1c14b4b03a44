import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

type Item = { history_item_id: string; text: string };

/** GET /v1/history?voice_id=…: my generations with a voice (candidates for its library preview). */
export function useVoiceGenerations(voiceId: string | null) {
  return useQuery({
    queryKey: ['history', 'by-voice', voiceId] as const,
    queryFn: ({ signal }) =>
      api.get<{ history: Item[] }>('/v1/history', { signal, params: { voice_id: voiceId, page_size: 20 } }),
    enabled: voiceId !== null,
    select: (d) => d.history,
  });
}
