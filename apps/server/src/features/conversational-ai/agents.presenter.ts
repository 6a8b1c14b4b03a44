import type { AgentMode, AgentResponse, AgentSummary } from '@vocalis/contracts/conversational-ai';
import type { AgentWithCreator } from './agents.repo';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** The caller's role on an agent (shared resources, decision 165). */
export type AgentRole = 'admin' | 'editor' | 'commenter' | 'viewer';

function accessInfo(row: AgentWithCreator, userId: string, role: AgentRole) {
  return {
    is_creator: row.createdBy === userId,
    creator_name: row.creatorName ?? '',
    creator_email: row.creatorEmail ?? '',
    role,
  };
}

/** The voice the agent speaks with (tts.voice_id, or the default voice). */
export function agentVoiceId(row: Pick<AgentWithCreator, 'conversationConfig'>, fallback: string): string {
  const tts = row.conversationConfig.tts as { voice_id?: string | null } | null | undefined;
  return tts?.voice_id || fallback;
}

/** GetAgentResponseModel: the stored configuration as it came, with unknown top-level fields returned too. */
export function presentAgent(
  row: AgentWithCreator,
  userId: string,
  mode: AgentMode,
  role: AgentRole = 'admin',
): AgentResponse {
  return {
    ...row.extra,
    agent_id: row.id,
    name: row.name,
    conversation_config: row.conversationConfig,
    platform_settings: row.platformSettings,
    metadata: { created_at_unix_secs: unix(row.createdAt), updated_at_unix_secs: unix(row.updatedAt) },
    workflow: row.workflow ?? null,
    tags: row.tags,
    access_info: accessInfo(row, userId, role),
    phone_numbers: [],
    mode,
  };
}

export function presentAgentSummary(
  row: AgentWithCreator,
  userId: string,
  defaultVoice: string,
  role: AgentRole = 'admin',
): AgentSummary {
  return {
    agent_id: row.id,
    name: row.name,
    voice_id: agentVoiceId(row, defaultVoice),
    tags: row.tags,
    created_at_unix_secs: unix(row.createdAt),
    access_info: accessInfo(row, userId, role),
    last_call_time_unix_secs: row.lastCallAt ? unix(row.lastCallAt) : null,
    archived: (row.platformSettings as { archived?: boolean | null }).archived === true,
  };
}
