import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, requestRaw } from '@/lib/api-client';

export type ConversationSummary = {
  agent_id: string;
  agent_name: string;
  conversation_id: string;
  start_time_unix_secs: number;
  call_duration_secs: number;
  message_count: number;
  status: string;
  mode: string;
};
export type TranscriptEntry = {
  role: 'user' | 'agent';
  message: string;
  time_in_call_secs: number;
  interrupted?: boolean;
  retrieved_passages?: { document_name: string; text: string }[];
  tool_calls?: { tool_name: string; params_as_json: string }[];
};
export type Conversation = {
  conversation_id: string;
  agent_name: string;
  status: string;
  transcript: TranscriptEntry[];
  has_audio: boolean;
  metadata: { call_duration_secs: number; termination_reason: string; mode: string };
};

const keys = { all: ['convai-conversations'] as const };

export const useConversations = () =>
  useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) =>
      api.get<{ conversations: ConversationSummary[] }>('/v1/convai/conversations', {
        signal,
        params: { page_size: 100 },
      }),
  });

export const useConversation = (id: string | null) =>
  useQuery({
    queryKey: [...keys.all, id],
    queryFn: ({ signal }) =>
      api.get<Conversation>(`/v1/convai/conversations/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
  });

export async function getConversationAudio(id: string): Promise<Blob> {
  return (await requestRaw(`/v1/convai/conversations/${encodeURIComponent(id)}/audio`)).blob();
}

export function useDeleteConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<object>(`/v1/convai/conversations/${encodeURIComponent(id)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  });
}

/** GET /v1/convai/conversation/get-signed-url: the page talks over the signed WebSocket URL. */
export const getSignedUrl = (agentId: string) =>
  api.get<{ signed_url: string }>('/v1/convai/conversation/get-signed-url', {
    params: { agent_id: agentId },
  });
