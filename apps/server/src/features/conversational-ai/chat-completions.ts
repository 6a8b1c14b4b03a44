/**
 * The language model of an agent (decision 151): any OpenAI-compatible chat-completions server (llama.cpp
 * server, vLLM, Ollama, a hosted API), streamed over server-sent events, with tool calls.
 */

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export type ToolCall = { id: string; type: 'function'; function: { name: string; arguments: string } };

export type ToolDefinition = {
  type: 'function';
  function: { name: string; description?: string; parameters?: unknown };
};

/** What a streamed turn yields: text as it comes, then the tool calls the model asked for (if any). */
export type LlmEvent = { type: 'text'; text: string } | { type: 'tool_calls'; calls: ToolCall[] };

export interface LanguageModel {
  stream(
    input: { messages: ChatMessage[]; tools?: ToolDefinition[]; temperature?: number; maxTokens?: number },
    signal: AbortSignal,
  ): AsyncIterable<LlmEvent>;
}

export class LlmError extends Error {
  override name = 'LlmError';
}

type Fetcher = (
  url: URL,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<Response>;

/** The data lines of an SSE body, one JSON string (or [DONE]) each. */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let cut: number;
    while ((cut = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const event = buffer.slice(0, cut);
      buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, '');
      const data = event
        .split(/\r?\n/)
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart())
        .join('\n');
      if (data) yield data;
    }
  }
  if (buffer.trim().startsWith('data:')) yield buffer.trim().slice(5).trimStart();
}

type Delta = {
  content?: string | null;
  tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[];
};

/** A chat-completions client for `baseUrl` (the part before /chat/completions, e.g. http://host:8080/v1). */
export function chatCompletionsModel(opts: {
  baseUrl: string;
  model: string;
  apiKey?: string | null;
  fetch: Fetcher;
}): LanguageModel {
  const url = new URL(`${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`);
  return {
    async *stream(input, signal) {
      const body = {
        model: opts.model,
        messages: input.messages,
        stream: true,
        ...(input.tools?.length && { tools: input.tools, tool_choice: 'auto' }),
        ...(input.temperature != null && { temperature: input.temperature }),
        ...(input.maxTokens != null && input.maxTokens > 0 && { max_tokens: input.maxTokens }),
      };
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'text/event-stream',
      };
      if (opts.apiKey) headers.authorization = `Bearer ${opts.apiKey}`;
      let res: Response;
      try {
        res = await opts.fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
      } catch (err) {
        if (signal.aborted) throw err;
        throw new LlmError(`The language model server at ${url.origin} could not be reached.`, {
          cause: err,
        });
      }
      if (!res.ok || !res.body) {
        const text = await res.text().catch(() => '');
        throw new LlmError(`The language model server answered ${res.status}: ${text.slice(0, 200)}`);
      }
      const calls = new Map<number, ToolCall>();
      for await (const data of sseData(res.body)) {
        if (data === '[DONE]') break;
        let parsed: { choices?: { delta?: Delta }[] };
        try {
          parsed = JSON.parse(data) as typeof parsed;
        } catch {
          throw new LlmError('The language model server sent an event that is not JSON.');
        }
        const delta = parsed.choices?.[0]?.delta;
        if (!delta) continue;
        if (delta.content) yield { type: 'text', text: delta.content };
        for (const part of delta.tool_calls ?? []) {
          const index = part.index ?? 0;
          const call = calls.get(index) ?? {
            id: '',
            type: 'function' as const,
            function: { name: '', arguments: '' },
          };
          if (part.id) call.id = part.id;
          if (part.function?.name) call.function.name += part.function.name;
          if (part.function?.arguments) call.function.arguments += part.function.arguments;
          calls.set(index, call);
        }
      }
      if (calls.size)
        yield {
          type: 'tool_calls',
          calls: [...calls.entries()]
            .sort((a, b) => a[0] - b[0])
            .map(([i, c]) => ({ ...c, id: c.id || `call_${i}` })),
        };
    },
  };
}
