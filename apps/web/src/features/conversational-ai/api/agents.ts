import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentResponse, AgentsPage } from '@vocalis/contracts/conversational-ai';
import type { LlmSettingsResponse } from '@vocalis/contracts/conversational-ai-settings';

import { api } from '@/lib/api-client';

import { behaviourConfig, behaviourPlatform, type BehaviourEdit } from '../lib/agent-behaviour';

export const agentKeys = { all: ['convai-agents'] as const, llm: ['convai-llm'] as const };

/** GET /v1/convai/agents (the newest 100). */
export const agentsQueryOptions = () =>
  queryOptions({
    queryKey: agentKeys.all,
    queryFn: ({ signal }) => api.get<AgentsPage>('/v1/convai/agents', { signal, params: { page_size: 100 } }),
  });
export const useAgents = () => useQuery(agentsQueryOptions());

/** GET /v1/convai/agents/{id}. */
export const useAgent = (id: string | null) =>
  useQuery({
    queryKey: [...agentKeys.all, id],
    queryFn: ({ signal }) =>
      api.get<AgentResponse>(`/v1/convai/agents/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
  });

export type AgentEdit = {
  name: string;
  first_message: string;
  prompt: string;
  language: string;
  voice_id: string;
  knowledge_base: { id: string; name: string; type: string }[];
  /** platform_settings.auth.allowlist as one host (or host:port) per line. */
  allowlist: string;
  /** platform_settings.widget: the fields the Widget tab edits (decision 231). */
  widget: WidgetEdit;
  /** The Tools, Analysis and Advanced tabs (decision 250). */
  behaviour: BehaviourEdit;
};

export type WidgetEdit = {
  bg_color: string;
  text_color: string;
  btn_color: string;
  btn_text_color: string;
  border_color: string;
  action_text: string;
  start_call_text: string;
  end_call_text: string;
  listening_text: string;
  speaking_text: string;
  placement: string;
  transcript_enabled: boolean;
  text_input_enabled: boolean;
};

const platformOf = (e: AgentEdit) => ({
  ...behaviourPlatform(e.behaviour),
  auth: {
    allowlist: e.allowlist
      .split(/[\s,]+/)
      .map((h) => h.trim())
      .filter(Boolean)
      .map((hostname) => ({ hostname })),
  },
  widget: e.widget,
});

const configOf = (e: AgentEdit) => {
  const { prompt, ...rest } = behaviourConfig(e.behaviour);
  return {
    ...rest,
    agent: {
      first_message: e.first_message,
      language: e.language,
      prompt: { ...prompt, prompt: e.prompt, knowledge_base: e.knowledge_base },
    },
    tts: { voice_id: e.voice_id || undefined },
  };
};

export function useCreateAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (e: AgentEdit) =>
      api.post<{ agent_id: string }>('/v1/convai/agents/create', {
        name: e.name,
        conversation_config: configOf(e),
        platform_settings: platformOf(e),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

export function useUpdateAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: AgentEdit }) =>
      api.patch<AgentResponse>(`/v1/convai/agents/${encodeURIComponent(id)}`, {
        name: edit.name,
        conversation_config: configOf(edit),
        platform_settings: platformOf(edit),
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

export function useDeleteAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<object>(`/v1/convai/agents/${encodeURIComponent(id)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

/** GET/PUT/DELETE /v1/convai/llm: the workspace's chat-completions server. */
export const useLlmSettings = () =>
  useQuery({
    queryKey: agentKeys.llm,
    queryFn: ({ signal }) => api.get<LlmSettingsResponse>('/v1/convai/llm', { signal }),
  });

export function useSaveLlm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { base_url: string; model: string } | null) =>
      body
        ? api.put<LlmSettingsResponse>('/v1/convai/llm', body)
        : api.delete<LlmSettingsResponse>('/v1/convai/llm'),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['convai'] }).then(() => qc.invalidateQueries()),
  });
}
