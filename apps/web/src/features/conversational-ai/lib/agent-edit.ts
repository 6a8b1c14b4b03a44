/** The editor's view of an agent (decision 231): what its tabs edit, read from the stored configuration. */
import type { AgentResponse } from '@vocalis/contracts/conversational-ai';
import { WIDGET_DEFAULTS, widgetConfig } from '@vocalis/domain/conversational-ai/widget-config';

import type { AgentEdit, WidgetEdit } from '../api/agents';
import { behaviourOf } from './agent-behaviour';

type Cfg = {
  agent?: {
    first_message?: string;
    language?: string;
    prompt?: { prompt?: string; knowledge_base?: AgentEdit['knowledge_base'] };
  };
  tts?: { voice_id?: string };
};

export function widgetEditOf(platformSettings: unknown): WidgetEdit {
  const w = widgetConfig({}, platformSettings);
  return {
    bg_color: w.bg_color,
    text_color: w.text_color,
    btn_color: w.btn_color,
    btn_text_color: w.btn_text_color,
    border_color: w.border_color,
    action_text: w.action_text,
    start_call_text: w.start_call_text,
    end_call_text: w.end_call_text,
    listening_text: w.listening_text,
    speaking_text: w.speaking_text,
    placement: w.placement,
    transcript_enabled: w.transcript_enabled,
    text_input_enabled: w.text_input_enabled,
  };
}

export const EMPTY_AGENT: AgentEdit = {
  name: '',
  first_message: 'Hello! How can I help you today?',
  prompt: 'You are a friendly assistant. Keep answers short.',
  language: 'en',
  voice_id: '',
  knowledge_base: [],
  allowlist: '',
  widget: widgetEditOf(null),
  behaviour: behaviourOf(undefined),
};

export function editOf(agent: AgentResponse | undefined): AgentEdit {
  if (!agent) return EMPTY_AGENT;
  const c = agent.conversation_config as Cfg;
  const p = (agent.platform_settings ?? {}) as { auth?: { allowlist?: { hostname?: string }[] } };
  return {
    name: agent.name,
    first_message: c.agent?.first_message ?? '',
    prompt: c.agent?.prompt?.prompt ?? '',
    language: c.agent?.language ?? 'en',
    voice_id: c.tts?.voice_id ?? '',
    knowledge_base: c.agent?.prompt?.knowledge_base ?? [],
    allowlist: (p.auth?.allowlist ?? []).map((h) => h.hostname ?? '').join('\n'),
    widget: widgetEditOf(agent.platform_settings),
    behaviour: behaviourOf(agent),
  };
}

export { WIDGET_DEFAULTS };
