/** Workspace secrets (conversationalAi.secrets.*) and the workspace's language model (decision 151). */
import { z } from 'zod';

export const secretBody = z.object({
  name: z.string().trim().min(1).max(200),
  value: z.string().min(1).max(10_000),
});
export const secretParams = z.object({ secret_id: z.string().min(1).max(64) });
export const listSecretsQuery = z.object({
  page_size: z.coerce.number().int().min(1).max(100).default(100),
  search: z.string().max(200).optional(),
});

const dependencies = z.object({
  /** Webhook tools whose headers send the secret (decision 253). */
  tools: z.array(
    z.object({
      type: z.literal('available'),
      id: z.string(),
      name: z.string(),
      created_at_unix_secs: z.number(),
      access_level: z.literal('admin'),
    }),
  ),
  agents: z.array(z.unknown()),
  others: z.array(z.string()),
});

export const secretResponse = z.object({
  type: z.literal('stored'),
  secret_id: z.string(),
  name: z.string(),
});
export const secretsPage = z
  .object({
    secrets: z.array(secretResponse.extend({ used_by: dependencies })),
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'ConvaiSecrets' });

/** PUT /v1/convai/llm: the chat-completions server agents of the workspace use. */
export const llmSettingsBody = z.object({
  base_url: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .meta({
      description:
        'The OpenAI-compatible API root, e.g. http://127.0.0.1:8080/v1 (…/chat/completions is appended).',
    }),
  model: z.string().trim().min(1).max(200),
  api_key_secret_id: z.string().min(1).max(64).nullish(),
});

export const llmSettingsResponse = z
  .object({
    configured: z.boolean(),
    base_url: z.string().nullable(),
    model: z.string().nullable(),
    api_key_secret_id: z.string().nullable(),
  })
  .meta({ id: 'ConvaiLlmSettings' });

export type SecretsPage = z.infer<typeof secretsPage>;
export type LlmSettingsResponse = z.infer<typeof llmSettingsResponse>;
