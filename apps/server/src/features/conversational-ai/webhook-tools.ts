/**
 * Runs webhook tools for the turn loop (decision 190): the request is built from the model's arguments
 * (packages/domain webhook-tool.ts), secret headers are opened just before sending, and it goes out through
 * publicFetch (no private addresses unless OUTBOUND_ALLOW_PRIVATE) with the tool's response timeout.
 */
import {
  buildWebhookRequest,
  DEFAULT_TOOL_TIMEOUT_SECS,
  toolResultText,
  webhookToolParameters,
  type WebhookApiSchema,
} from '@vocalis/domain/conversational-ai/webhook-tool';
import { isPrivateAddressRefusal, publicFetch } from '../../lib/public-fetch';
import type { ServerTool } from './agent-responder';

type Obj = Record<string, unknown>;

export type WebhookToolDeps = {
  /** The opened value of a workspace secret, or null when it is gone. */
  openSecret(secretId: string): Promise<string | null>;
  allowPrivate: boolean;
};

export function webhookTool(config: Obj, deps: WebhookToolDeps): ServerTool {
  const schema = config.api_schema as WebhookApiSchema & { request_headers?: Record<string, unknown> };
  const timeoutSecs = (config.response_timeout_secs as number | undefined) ?? DEFAULT_TOOL_TIMEOUT_SECS;
  return {
    name: config.name as string,
    description: config.description as string | undefined,
    parameters: webhookToolParameters(schema),
    async run(parameters, signal) {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(schema.request_headers ?? {})) {
        if (typeof value === 'string') headers[name] = value;
        else if (value && typeof value === 'object' && typeof (value as Obj).secret_id === 'string') {
          const opened = await deps.openSecret((value as { secret_id: string }).secret_id);
          if (opened === null) return { result: `The secret for header ${name} is gone.`, isError: true };
          headers[name] = opened;
        }
      }
      const request = buildWebhookRequest(schema, parameters, headers);
      try {
        const res = await publicFetch(new URL(request.url), {
          signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutSecs * 1000)]),
          allowPrivate: deps.allowPrivate,
          send: { method: request.method, headers: request.headers, body: request.body ?? undefined },
        });
        return toolResultText(res.status, await res.text());
      } catch (err) {
        if (signal.aborted) throw err;
        if (isPrivateAddressRefusal(err))
          return { result: "The tool's address is on a private network and was refused.", isError: true };
        if ((err as Error).name === 'TimeoutError')
          return { result: `The tool did not answer within ${timeoutSecs} seconds.`, isError: true };
        return { result: `The tool could not be reached: ${(err as Error).message}`, isError: true };
      }
    },
  };
}
