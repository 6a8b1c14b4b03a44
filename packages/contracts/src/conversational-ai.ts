/**
 * Conversational agents (conversationalAi.agents.*, decision 150). Only the parts of the SDK's configuration the
 * server uses are checked; every object is loose, so fields the server does not know are kept and returned.
 */
import { z } from 'zod';

const knowledgeBaseLocator = z.looseObject({
  type: z.enum(['file', 'url', 'text', 'folder']),
  name: z.string().max(500),
  id: z.string().min(1).max(64),
  usage_mode: z.enum(['auto', 'prompt']).optional(),
});

/** A tool the agent's prompt carries inline; the server runs client and system tools (decision 155). */
const inlineTool = z.looseObject({
  type: z.string().max(40),
  name: z.string().min(1).max(128),
  description: z.string().max(5000).optional(),
  expects_response: z.boolean().optional(),
  parameters: z.unknown().optional(),
});

const prompt = z.looseObject({
  prompt: z.string().max(100_000).nullish(),
  llm: z.string().max(200).nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  max_tokens: z.number().int().min(-1).max(100_000).nullish(),
  knowledge_base: z.array(knowledgeBaseLocator).max(100).nullish(),
  tools: z.array(inlineTool).max(50).nullish(),
});

const agent = z.looseObject({
  first_message: z.string().max(5000).nullish(),
  language: z.string().min(2).max(10).nullish(),
  dynamic_variables: z
    .looseObject({
      dynamic_variable_placeholders: z.record(z.string().max(200), z.unknown()).nullish(),
    })
    .nullish(),
  prompt: prompt.nullish(),
});

const tts = z.looseObject({
  voice_id: z.string().min(1).max(64).nullish(),
  model_id: z.string().max(100).nullish(),
  agent_output_audio_format: z
    .enum(['pcm_8000', 'pcm_16000', 'pcm_22050', 'pcm_24000', 'pcm_44100', 'pcm_48000'])
    .nullish(),
  stability: z.number().min(0).max(1).nullish(),
  speed: z.number().min(0.7).max(1.2).nullish(),
  similarity_boost: z.number().min(0).max(1).nullish(),
});

const turn = z.looseObject({
  turn_timeout: z.number().min(-1).max(300).nullish(),
  silence_end_call_timeout: z.number().min(-1).max(7200).nullish(),
});

const conversation = z.looseObject({
  max_duration_seconds: z.number().int().min(1).max(7200).nullish(),
  text_only: z.boolean().nullish(),
  client_events: z.array(z.string().max(100)).nullish(),
});

/** conversation_config as the SDK sends it (ConversationalConfig). */
export const conversationConfig = z
  .looseObject({
    agent: agent.nullish(),
    tts: tts.nullish(),
    turn: turn.nullish(),
    conversation: conversation.nullish(),
    asr: z.looseObject({}).nullish(),
    vad: z.looseObject({}).nullish(),
    language_presets: z.record(z.string(), z.unknown()).nullish(),
  })
  .meta({ id: 'ConvaiConversationConfig' });

/** platform_settings (AgentPlatformSettingsRequestModel): evaluation, data collection, privacy, widget … */
export const platformSettings = z
  .looseObject({
    evaluation: z
      .looseObject({
        criteria: z
          .array(
            z.looseObject({
              id: z.string().min(1).max(100),
              name: z.string().max(200).optional(),
              conversation_goal_prompt: z.string().max(5000),
              type: z.string().max(40).optional(),
            }),
          )
          .max(30)
          .nullish(),
      })
      .nullish(),
    /** A field set to null is removed (PATCH merges this record key by key: decision 251). */
    data_collection: z
      .record(
        z.string().min(1).max(100),
        z
          .looseObject({
            type: z.enum(['boolean', 'string', 'integer', 'number']),
            description: z.string().max(5000).optional(),
          })
          .nullable(),
      )
      .nullish(),
    privacy: z
      .looseObject({
        record_voice: z.boolean().nullish(),
        retention_days: z.number().int().min(-1).max(3650).nullish(),
        delete_transcript_and_pii: z.boolean().nullish(),
        delete_audio: z.boolean().nullish(),
        zero_retention_mode: z.boolean().nullish(),
      })
      .nullish(),
    widget: z.looseObject({}).nullish(),
    auth: z.looseObject({ enable_auth: z.boolean().nullish() }).nullish(),
    call_limits: z
      .looseObject({
        agent_concurrency_limit: z.number().int().min(-1).max(1000).nullish(),
        daily_limit: z.number().int().min(-1).nullish(),
      })
      .nullish(),
    overrides: z.looseObject({}).nullish(),
  })
  .meta({ id: 'ConvaiPlatformSettings' });

const name = z.string().max(500);
const tags = z.array(z.string().min(1).max(100)).max(50);

export const createAgentBody = z.looseObject({
  conversation_config: conversationConfig,
  platform_settings: platformSettings.nullish(),
  workflow: z.looseObject({}).nullish(),
  name: name.nullish(),
  tags: tags.nullish(),
});

export const updateAgentBody = z.looseObject({
  conversation_config: conversationConfig.nullish(),
  platform_settings: platformSettings.nullish(),
  workflow: z.looseObject({}).nullish(),
  name: name.nullish(),
  tags: tags.nullish(),
});

export const duplicateAgentBody = z.object({ name: name.nullish() }).nullish();

export const agentParams = z.object({ agent_id: z.string().min(1).max(64) });

export const listAgentsQuery = z.object({
  page_size: z.coerce.number().int().min(1).max(100).default(30),
  search: z.string().max(200).optional(),
  cursor: z.string().max(200).optional(),
  sort_direction: z.enum(['asc', 'desc']).default('desc'),
  sort_by: z.enum(['name', 'created_at']).default('created_at'),
  archived: z.enum(['true', 'false']).optional(),
});

const accessInfo = z.object({
  is_creator: z.boolean(),
  creator_name: z.string(),
  creator_email: z.string(),
  role: z.enum(['admin', 'editor', 'commenter', 'viewer']),
});

/** GetAgentResponseModel; `mode` tells how the agent answers here (llm, retrieval or scripted: decision 152). */
export const agentResponse = z
  .looseObject({
    agent_id: z.string(),
    name: z.string(),
    conversation_config: z.looseObject({}),
    platform_settings: z.looseObject({}),
    metadata: z.object({ created_at_unix_secs: z.number().int(), updated_at_unix_secs: z.number().int() }),
    workflow: z.looseObject({}).nullable(),
    tags: z.array(z.string()),
    access_info: accessInfo,
    phone_numbers: z.array(z.unknown()),
    mode: z.enum(['llm', 'retrieval', 'scripted']),
  })
  .meta({ id: 'ConvaiAgent' });

export const agentSummary = z.object({
  agent_id: z.string(),
  name: z.string(),
  voice_id: z.string(),
  tags: z.array(z.string()),
  created_at_unix_secs: z.number().int(),
  access_info: accessInfo,
  last_call_time_unix_secs: z.number().int().nullable(),
  archived: z.boolean(),
});

export const agentsPage = z
  .object({ agents: z.array(agentSummary), next_cursor: z.string().nullable(), has_more: z.boolean() })
  .meta({ id: 'ConvaiAgentsPage' });

export const agentIdResponse = z.object({ agent_id: z.string() });

export type ConversationConfig = z.infer<typeof conversationConfig>;
export type PlatformSettings = z.infer<typeof platformSettings>;
export type CreateAgentBody = z.infer<typeof createAgentBody>;
export type UpdateAgentBody = z.infer<typeof updateAgentBody>;
export type AgentResponse = z.infer<typeof agentResponse>;
export type AgentSummary = z.infer<typeof agentSummary>;
export type AgentsPage = z.infer<typeof agentsPage>;
export type AgentMode = AgentResponse['mode'];
