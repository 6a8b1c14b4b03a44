/** Workspace tools (conversationalAi.tools.*, decision 190). */
import { z } from 'zod';
import { MAX_TOOL_TIMEOUT_SECS, WEBHOOK_METHODS } from '@vocalis/domain/conversational-ai/webhook-tool';

/** The system tools the turn loop runs. */
export const SYSTEM_TOOLS = ['end_call', 'skip_turn', 'language_detection', 'transfer_to_agent'] as const;

const toolName = z
  .string()
  .regex(/^[a-zA-Z0-9_-]{1,64}$/, 'A tool name is 1 to 64 letters, digits, underscores or hyphens.');
const common = {
  name: toolName,
  description: z.string().max(5000).optional(),
  response_timeout_secs: z.number().int().min(1).max(MAX_TOOL_TIMEOUT_SECS).optional(),
};
const headerValue = z.union([z.string().max(4000), z.looseObject({ secret_id: z.string().min(1).max(64) })]);

export const webhookToolConfig = z.looseObject({
  type: z.literal('webhook'),
  ...common,
  description: z.string().min(1).max(5000),
  api_schema: z.looseObject({
    url: z.url({ protocol: /^https?$/ }).max(2000),
    method: z.enum(WEBHOOK_METHODS).optional(),
    request_headers: z.record(z.string().max(200), headerValue).optional(),
    path_params_schema: z.record(z.string(), z.unknown()).optional(),
    query_params_schema: z.looseObject({ properties: z.record(z.string(), z.unknown()) }).optional(),
    request_body_schema: z
      .looseObject({ properties: z.record(z.string(), z.unknown()).optional() })
      .optional(),
  }),
});
export const clientToolConfig = z.looseObject({
  type: z.literal('client'),
  ...common,
  parameters: z.record(z.string(), z.unknown()).nullish(),
  expects_response: z.boolean().optional(),
});
export const systemToolConfig = z.looseObject({
  type: z.literal('system'),
  ...common,
  name: z.enum(SYSTEM_TOOLS),
  params: z.looseObject({}).optional(),
});
export const toolConfig = z.discriminatedUnion('type', [
  webhookToolConfig,
  clientToolConfig,
  systemToolConfig,
]);
export type ToolConfig = z.infer<typeof toolConfig>;

export const toolBody = z.object({ tool_config: toolConfig });
export const toolParams = z.object({ tool_id: z.string().min(1).max(64) });
export const listToolsQuery = z.object({
  search: z.string().max(200).optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(30),
  cursor: z.string().max(200).optional(),
  types: z.union([z.string(), z.array(z.string())]).optional(),
  used_by_agent_id: z.string().max(64).optional(),
});
export const deleteToolQuery = z.object({ force: z.enum(['true', 'false']).optional() });

export const toolResponse = z
  .object({
    id: z.string(),
    tool_config: z.record(z.string(), z.unknown()),
    access_info: z.object({
      is_creator: z.boolean(),
      creator_name: z.string(),
      creator_email: z.string(),
      role: z.enum(['admin', 'editor', 'commenter', 'viewer']),
    }),
    usage_stats: z.object({ total_calls: z.number(), avg_latency_secs: z.number() }),
  })
  .meta({ id: 'ConvaiTool' });
export const toolsPage = z.object({
  tools: z.array(toolResponse),
  next_cursor: z.string().nullable(),
  has_more: z.boolean(),
});
export const dependentAgentsPage = z.object({
  agents: z.array(
    z.object({
      type: z.literal('available'),
      id: z.string(),
      name: z.string(),
      created_at_unix_secs: z.number(),
      access_level: z.literal('admin'),
    }),
  ),
  next_cursor: z.string().nullable(),
  has_more: z.boolean(),
});
