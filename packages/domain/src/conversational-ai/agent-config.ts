/**
 * Pure rules of an agent's configuration (decisions 150, 152): PATCH merges objects key by key (arrays and
 * scalars are replaced, null clears), defaults fill what the SDK leaves out, and dynamic variables are
 * substituted into the first message and the prompt.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: unknown };

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `patch` over `base`: objects merge recursively, anything else (arrays too) replaces; undefined keeps. */
export function mergeConfig<T extends JsonObject>(base: T, patch: JsonObject | null | undefined): T {
  if (!patch) return base;
  const out: JsonObject = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const current = out[key];
    out[key] = isObject(current) && isObject(value) ? mergeConfig(current, value) : value;
  }
  return out as T;
}

/**
 * platform_settings with the data-collection fields set to null taken out: the record is keyed by the owner's
 * field ids and merged key by key, so null is how a PATCH removes one field (decision 251).
 */
export function withoutRemovedDataFields<T extends JsonObject>(platformSettings: T): T {
  const fields = platformSettings.data_collection;
  if (!isObject(fields)) return platformSettings;
  return {
    ...platformSettings,
    data_collection: Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)),
  };
}

/** The name an agent gets when the request names none (as ElevenLabs shows it). */
export const DEFAULT_AGENT_NAME = 'New agent';

/** Seconds of silence after which the agent prompts again, and the longest call, when the config says none. */
export const DEFAULT_TURN_TIMEOUT_SECONDS = 7;
export const DEFAULT_MAX_DURATION_SECONDS = 600;

/** `{{name}}` placeholders replaced by the conversation's dynamic variables (unknown ones stay as written). */
export function substituteVariables(text: string, variables: Readonly<Record<string, unknown>>): string {
  return text.replace(/\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g, (whole, name: string) => {
    const value = variables[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

/** Dynamic variables every conversation has (ElevenLabs' system__ variables that make sense here). */
export function systemVariables(input: {
  agentId: string;
  conversationId: string;
  now: Date;
}): Record<string, string> {
  return {
    system__agent_id: input.agentId,
    system__conversation_id: input.conversationId,
    system__time_utc: input.now.toISOString(),
  };
}

/**
 * How an agent answers (decision 152): `llm` when the workspace has a language model configured, else
 * `retrieval` when it has knowledge-base documents attached, else `scripted` (its first message and its
 * scripted replies only).
 */
export function agentMode(input: {
  llmConfigured: boolean;
  knowledgeBaseDocuments: number;
}): 'llm' | 'retrieval' | 'scripted' {
  if (input.llmConfigured) return 'llm';
  return input.knowledgeBaseDocuments > 0 ? 'retrieval' : 'scripted';
}

/** What the mode means, as the UI and the conversation record say it. */
export const AGENT_MODE_LABELS: Readonly<Record<'llm' | 'retrieval' | 'scripted', string>> = {
  llm: 'Language model: answers come from the workspace’s chat-completions server.',
  retrieval:
    'Knowledge base only: no language model is configured, so answers are passages retrieved from the attached documents, read out as retrieved.',
  scripted:
    'Scripted: no language model and no knowledge base, so the agent speaks its first message and says that it cannot answer freely.',
};
