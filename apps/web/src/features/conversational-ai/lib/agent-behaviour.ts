/**
 * The agent editor's Tools, Analysis and Advanced tabs (decision 250): only settings the server acts on, read
 * from the stored configuration and written back as PATCH parts (objects merge key by key, null clears).
 */
import type { AgentResponse } from '@vocalis/contracts/conversational-ai';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const numText = (v: unknown) => (typeof v === 'number' ? String(v) : '');
/** '' clears the setting (null), anything else is sent as a number for the server to check. */
const numOrNull = (s: string) => (s.trim() === '' ? null : Number(s));

export const SYSTEM_TOOL_NAMES = [
  'end_call',
  'transfer_to_agent',
  'language_detection',
  'skip_turn',
] as const;
export type SystemToolName = (typeof SYSTEM_TOOL_NAMES)[number];
export const DATA_FIELD_TYPES = ['string', 'integer', 'number', 'boolean'] as const;

export type TransferEdit = {
  agent_id: string;
  condition: string;
  transfer_message: string;
  first_message: boolean;
};
export type CriterionEdit = { id: string; name: string; prompt: string };
export type DataFieldEdit = { id: string; type: (typeof DATA_FIELD_TYPES)[number]; description: string };
export type AdvancedEdit = {
  turn_timeout: string;
  silence_end_call_timeout: string;
  max_duration_seconds: string;
  interruptions: boolean;
  text_only: boolean;
  record_voice: boolean;
  temperature: string;
  max_tokens: string;
};

export type BehaviourEdit = {
  tool_ids: string[];
  system_tools: Record<SystemToolName, boolean>;
  transfers: TransferEdit[];
  criteria: CriterionEdit[];
  data_fields: DataFieldEdit[];
  advanced: AdvancedEdit;
  /** Data-collection ids stored before the edit: the ones no longer listed are removed (null) on save. */
  stored_data_ids: string[];
  /** conversation.client_events as stored; interruptions off means 'interruption' is not among them. */
  stored_client_events: string[] | null;
};

/** ElevenLabs' client events when an agent names none. */
const DEFAULT_CLIENT_EVENTS = [
  'audio',
  'interruption',
  'user_transcript',
  'agent_response',
  'agent_response_correction',
];

/** An identifier for a new criterion or field from its name (letters, digits and _). */
export const idFromName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 100);

export function behaviourOf(agent: AgentResponse | undefined): BehaviourEdit {
  const config = obj(agent?.conversation_config);
  const platform = obj(agent?.platform_settings);
  const prompt = obj(obj(config.agent).prompt);
  const builtIn = obj(prompt.built_in_tools);
  const turn = obj(config.turn);
  const conversation = obj(config.conversation);
  const events = Array.isArray(conversation.client_events) ? (conversation.client_events as string[]) : null;
  const dataCollection = obj(platform.data_collection);
  const transfers = obj(obj(builtIn.transfer_to_agent).params).transfers;
  return {
    tool_ids: Array.isArray(prompt.tool_ids) ? (prompt.tool_ids as string[]) : [],
    system_tools: Object.fromEntries(SYSTEM_TOOL_NAMES.map((n) => [n, builtIn[n] != null])) as Record<
      SystemToolName,
      boolean
    >,
    transfers: (Array.isArray(transfers) ? transfers : []).map(obj).map((t) => ({
      agent_id: str(t.agent_id),
      condition: str(t.condition),
      transfer_message: str(t.transfer_message),
      first_message: t.enable_transferred_agent_first_message !== false,
    })),
    criteria: (Array.isArray(obj(platform.evaluation).criteria)
      ? (obj(platform.evaluation).criteria as unknown[])
      : []
    )
      .map(obj)
      .map((c) => ({ id: str(c.id), name: str(c.name), prompt: str(c.conversation_goal_prompt) })),
    data_fields: Object.entries(dataCollection).map(([id, f]) => ({
      id,
      type: (DATA_FIELD_TYPES as readonly string[]).includes(str(obj(f).type))
        ? (obj(f).type as DataFieldEdit['type'])
        : 'string',
      description: str(obj(f).description),
    })),
    advanced: {
      turn_timeout: numText(turn.turn_timeout),
      silence_end_call_timeout: numText(turn.silence_end_call_timeout),
      max_duration_seconds: numText(conversation.max_duration_seconds),
      interruptions: events === null || events.includes('interruption'),
      text_only: conversation.text_only === true,
      record_voice: obj(platform.privacy).record_voice !== false,
      temperature: numText(prompt.temperature),
      max_tokens: numText(prompt.max_tokens),
    },
    stored_data_ids: Object.keys(dataCollection),
    stored_client_events: events,
  };
}

const systemTool = (name: SystemToolName, params: Obj = {}) => ({
  type: 'system',
  name,
  description: '',
  params: { system_tool_type: name, ...params },
});

/** The parts of conversation_config these tabs own (`prompt` merges into the Agent tab's prompt). */
export function behaviourConfig(b: BehaviourEdit) {
  const a = b.advanced;
  const events = b.stored_client_events ?? DEFAULT_CLIENT_EVENTS;
  const withoutInterruption = events.filter((e) => e !== 'interruption');
  return {
    prompt: {
      tool_ids: b.tool_ids,
      temperature: numOrNull(a.temperature),
      max_tokens: numOrNull(a.max_tokens),
      built_in_tools: Object.fromEntries(
        SYSTEM_TOOL_NAMES.map((n) => [
          n,
          !b.system_tools[n]
            ? null
            : n === 'transfer_to_agent'
              ? systemTool(n, {
                  transfers: b.transfers
                    .filter((t) => t.agent_id)
                    .map((t) => ({
                      agent_id: t.agent_id,
                      condition: t.condition,
                      ...(t.transfer_message.trim() ? { transfer_message: t.transfer_message } : {}),
                      enable_transferred_agent_first_message: t.first_message,
                    })),
                })
              : systemTool(n),
        ]),
      ),
    },
    turn: {
      turn_timeout: numOrNull(a.turn_timeout),
      silence_end_call_timeout: numOrNull(a.silence_end_call_timeout),
    },
    conversation: {
      max_duration_seconds: numOrNull(a.max_duration_seconds),
      text_only: a.text_only,
      // Only written once the owner changes it, so agents that never named client events keep none.
      ...(a.interruptions !==
      (b.stored_client_events === null || b.stored_client_events.includes('interruption'))
        ? { client_events: a.interruptions ? [...withoutInterruption, 'interruption'] : withoutInterruption }
        : {}),
    },
  };
}

/** The parts of platform_settings these tabs own. */
export function behaviourPlatform(b: BehaviourEdit) {
  const listed = new Set(b.data_fields.map((f) => f.id));
  return {
    evaluation: {
      criteria: b.criteria.map((c) => ({
        id: c.id || idFromName(c.name),
        name: c.name,
        conversation_goal_prompt: c.prompt,
        type: 'prompt',
      })),
    },
    data_collection: {
      ...Object.fromEntries(b.stored_data_ids.filter((id) => !listed.has(id)).map((id) => [id, null])),
      ...Object.fromEntries(
        b.data_fields.map((f) => [
          f.id,
          { type: f.type, ...(f.description ? { description: f.description } : {}) },
        ]),
      ),
    },
    privacy: { record_voice: b.advanced.record_voice },
  };
}
