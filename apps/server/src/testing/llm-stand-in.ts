/**
 * A stand-in for an OpenAI-compatible chat-completions server on loopback (tests and the agent bench): it
 * streams server-sent events the way the real protocol does — a role delta, content in small pieces, tool
 * calls whose name and arguments arrive split over several deltas, `finish_reason`, then `[DONE]`.
 * Behaviour: a user message naming a tool in `tools` ("call show_banner") makes it call that tool with
 * `{"text": <the message>}` plus any `name=value` pairs the message holds; after a tool result it answers "The tool said: <result>."; otherwise it answers
 * "You said: <last user message>." in word-sized pieces. With `alwaysCallTool`, every user message calls the first
 * tool offered (speech recognised from audio rarely spells a tool's name); `toolArguments` are added to every call's
 * arguments.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { POST_CALL_SYSTEM_PROMPT } from '@vocalis/domain/conversational-ai/post-call';

/**
 * Post-call analysis (decision 191): every goal judged met; a string field gets the first thing the user said,
 * an integer the number of user turns, a boolean true.
 */
function postCallAnswer(request: string): string {
  const r = JSON.parse(request) as {
    transcript: string[];
    evaluation_criteria: { id: string }[];
    data_collection: { id: string; type: string }[];
  };
  const said = r.transcript.filter((t) => t.startsWith('user: ')).map((t) => t.slice(6));
  const value = (type: string) =>
    type === 'integer' ? said.length : type === 'boolean' ? true : (said[0] ?? null);
  return JSON.stringify({
    evaluation_criteria_results: Object.fromEntries(
      r.evaluation_criteria.map((c) => [
        c.id,
        { result: 'success', rationale: 'The stand-in judged it met.' },
      ]),
    ),
    data_collection_results: Object.fromEntries(
      r.data_collection.map((f) => [f.id, { value: value(f.type), rationale: 'From the transcript.' }]),
    ),
    transcript_summary: `The user spoke ${said.length} time(s).`,
  });
}

export type StandInRequest = { headers: http.IncomingHttpHeaders; body: Record<string, unknown> };

type Message = { role: string; content?: string | null; tool_call_id?: string };
type Tool = { function: { name: string } };

export async function startLlmStandIn(
  opts: { apiKey?: string; alwaysCallTool?: boolean; toolArguments?: Record<string, unknown> } = {},
) {
  const requests: StandInRequest[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"bad key"}}');
        return;
      }
      const body = JSON.parse(raw) as { model: string; messages: Message[]; tools?: Tool[] };
      requests.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const id = `chatcmpl-${requests.length}`;
      const send = (delta: unknown, finish: string | null = null) =>
        res.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
        );
      send({ role: 'assistant', content: '' });
      if (body.messages[0]?.content === POST_CALL_SYSTEM_PROMPT) {
        for (const piece of postCallAnswer(body.messages.at(-1)!.content ?? '').match(/.{1,16}/gs) ?? [])
          send({ content: piece });
        send({}, 'stop');
        res.end('data: [DONE]\n\n');
        return;
      }
      const last = body.messages.at(-1)!;
      const lastUser = [...body.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
      const tool = opts.alwaysCallTool
        ? body.tools?.[0]
        : body.tools?.find((t) => lastUser.includes(t.function.name));
      if (last.role === 'user' && tool) {
        const named = Object.fromEntries([...lastUser.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]]));
        const args = JSON.stringify({ text: lastUser, ...named, ...opts.toolArguments });
        const half = Math.floor(args.length / 2);
        send({
          tool_calls: [
            {
              index: 0,
              id: 'call_1',
              type: 'function',
              function: { name: tool.function.name, arguments: '' },
            },
          ],
        });
        send({ tool_calls: [{ index: 0, function: { arguments: args.slice(0, half) } }] });
        send({ tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] });
        send({}, 'tool_calls');
      } else {
        const answer = last.role === 'tool' ? `The tool said: ${last.content}.` : `You said: ${lastUser}.`;
        for (const piece of answer.match(/\S+\s*/g) ?? []) send({ content: piece });
        send({}, 'stop');
      }
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
