/**
 * What the agent says to a user turn (decision 152), in one of three modes: the workspace's language model
 * (with knowledge-base passages inserted and client/system tools offered), knowledge-base retrieval read out
 * as retrieval, or scripted. Text is yielded as it is produced so speech can start with the first sentence.
 */
import type { AgentMode } from '@vocalis/contracts/conversational-ai';
import type { ChatMessage, LanguageModel, ToolCall, ToolDefinition } from './chat-completions';
import type { Passage } from './knowledge-base.repo';
import { transferToolDefinition, type AgentTransferRule } from './agent-transfer';
import { numberTransferToolDefinition, type NumberTransferRule } from './number-transfer';

export type Turn = { role: 'user' | 'agent'; message: string };

export type ToolRun = {
  /** Runs a client tool in the browser; resolves with its result (or a note that none was expected). */
  clientTool(
    name: string,
    parameters: unknown,
    expectsResponse: boolean,
  ): Promise<{ result: string; isError: boolean }>;
  /** The agent asked to end the call (the system tool end_call). */
  endCall(reason: string): void;
  /** The system tool language_detection: the user speaks another language from now on. */
  switchLanguage(language: string): string;
  /** The system tool transfer_to_agent: another agent takes the conversation over after this turn. */
  transferToAgent?(rule: AgentTransferRule): void;
  /** The system tool transfer_to_number: the phone call goes to that number after this turn. */
  transferToNumber?(rule: NumberTransferRule): void;
};

/** A tool the server runs itself (webhook tools): its function for the model and how to run it. */
export type ServerTool = {
  name: string;
  description?: string;
  parameters: unknown;
  run(
    parameters: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<{ result: string; isError: boolean }>;
};

/** System tools other than end_call that the agent may use (decision 190). */
export type SystemToolName = 'skip_turn' | 'language_detection';

export type ResponderContext = {
  mode: AgentMode;
  model: LanguageModel | null;
  systemPrompt: string;
  temperature?: number;
  maxTokens?: number;
  /** Passages for a question from the agent's documents (empty without a knowledge base). */
  retrieve(question: string): Promise<Passage[]>;
  clientTools: { name: string; description?: string; parameters?: unknown; expects_response?: boolean }[];
  endCallTool: boolean;
  serverTools: ServerTool[];
  systemTools: SystemToolName[];
  /** transfer_to_agent's rules (decision 232); empty: the tool is not offered. */
  transfers?: AgentTransferRule[];
  /** transfer_to_number's rules (decision 256); offered only when the line can transfer. */
  numberTransfers?: NumberTransferRule[];
  /** Extra system notes the client sent (contextual updates), in order. */
  context: string[];
};

export type TurnRecord = {
  passages: Passage[];
  toolCalls: {
    name: string;
    type: 'client' | 'webhook' | 'system';
    parameters: unknown;
    result: string;
    isError: boolean;
    /** How long the tool took to answer (tool usage statistics, decision 233). */
    latencySecs?: number;
  }[];
};

export const SCRIPTED_REPLY =
  'I can only greet you: no language model is configured for me and I have no knowledge base to look answers up in.';
export const NOTHING_RETRIEVED = 'I found nothing about that in my knowledge base.';

const MAX_TOOL_ROUNDS = 4;

/** The first sentences of a passage, up to about 400 characters, for reading out. */
function readable(passage: string): string {
  const sentences = passage
    .replace(/\s+/g, ' ')
    .trim()
    .match(/[^.!?]+[.!?]*/g) ?? [passage];
  let out = '';
  for (const s of sentences) {
    if (out && out.length + s.length > 400) break;
    out += s;
  }
  return out.trim();
}

/** The functions offered to the model; transfer_to_number only when the line can transfer (`canTransfer`). */
function toolDefinitions(ctx: ResponderContext, canTransfer: boolean): ToolDefinition[] {
  const tools: ToolDefinition[] = ctx.clientTools.map((t) => ({
    type: 'function',
    function: {
      name: t.name,
      description: t.description,
      parameters: t.parameters ?? { type: 'object', properties: {} },
    },
  }));
  for (const t of ctx.serverTools)
    tools.push({
      type: 'function',
      function: { name: t.name, description: t.description, parameters: t.parameters },
    });
  if (ctx.systemTools.includes('skip_turn'))
    tools.push({
      type: 'function',
      function: {
        name: 'skip_turn',
        description: 'Say nothing this turn: the user needs a moment (for example to look something up).',
        parameters: { type: 'object', properties: { reason: { type: 'string' } } },
      },
    });
  if (ctx.systemTools.includes('language_detection'))
    tools.push({
      type: 'function',
      function: {
        name: 'language_detection',
        description: 'Switch the conversation to the language the user speaks.',
        parameters: {
          type: 'object',
          properties: { language: { type: 'string', description: 'ISO 639-1 code, e.g. fr' } },
          required: ['language'],
        },
      },
    });
  if (ctx.transfers?.length) tools.push(transferToolDefinition(ctx.transfers));
  if (canTransfer && ctx.numberTransfers?.length)
    tools.push(numberTransferToolDefinition(ctx.numberTransfers));
  if (ctx.endCallTool)
    tools.push({
      type: 'function',
      function: {
        name: 'end_call',
        description: 'End the call when the conversation is finished.',
        parameters: { type: 'object', properties: { reason: { type: 'string' } } },
      },
    });
  return tools;
}

/** Yields the reply's text; fills `record` with the passages used and the tools run. */
export async function* respond(
  ctx: ResponderContext,
  history: Turn[],
  question: string,
  tools: ToolRun,
  record: TurnRecord,
  signal: AbortSignal,
): AsyncIterable<string> {
  if (ctx.mode === 'scripted' || (ctx.mode === 'llm' && !ctx.model)) {
    yield SCRIPTED_REPLY;
    return;
  }
  const passages = await ctx.retrieve(question);
  record.passages = passages;
  if (ctx.mode === 'retrieval') {
    const best = passages[0];
    yield best
      ? `From the knowledge base, ${best.documentName}: ${readable(best.content)}`
      : NOTHING_RETRIEVED;
    return;
  }
  const messages: ChatMessage[] = [{ role: 'system', content: ctx.systemPrompt }];
  for (const note of ctx.context) messages.push({ role: 'system', content: `Context update: ${note}` });
  if (passages.length)
    messages.push({
      role: 'system',
      content: `Passages from the knowledge base:\n${passages.map((p, i) => `[${i + 1}] (${p.documentName}) ${p.content}`).join('\n')}`,
    });
  for (const t of history)
    messages.push({ role: t.role === 'user' ? 'user' : 'assistant', content: t.message });
  messages.push({ role: 'user', content: question });
  const definitions = toolDefinitions(ctx, !!tools.transferToNumber);
  for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
    let calls: ToolCall[] = [];
    let text = '';
    for await (const event of ctx.model!.stream(
      {
        messages,
        tools: round < MAX_TOOL_ROUNDS ? definitions : undefined,
        temperature: ctx.temperature,
        maxTokens: ctx.maxTokens,
      },
      signal,
    )) {
      if (event.type === 'text') {
        text += event.text;
        yield event.text;
      } else calls = event.calls;
    }
    if (!calls.length) return;
    messages.push({ role: 'assistant', content: text || null, tool_calls: calls });
    for (const call of calls) {
      let parameters: unknown = {};
      try {
        parameters = call.function.arguments ? JSON.parse(call.function.arguments) : {};
      } catch {
        parameters = { raw: call.function.arguments };
      }
      let outcome: { result: string; isError: boolean };
      let type: TurnRecord['toolCalls'][number]['type'] = 'system';
      const p = parameters as Record<string, unknown>;
      const started = performance.now();
      const server = ctx.serverTools.find((t) => t.name === call.function.name);
      const client = ctx.clientTools.find((t) => t.name === call.function.name);
      if (call.function.name === 'end_call' && ctx.endCallTool) {
        tools.endCall(String(p.reason ?? 'The agent ended the call.'));
        outcome = { result: 'The call will end after this reply.', isError: false };
      } else if (call.function.name === 'skip_turn' && ctx.systemTools.includes('skip_turn')) {
        record.toolCalls.push({ name: 'skip_turn', type, parameters, result: 'Skipped.', isError: false });
        return;
      } else if (
        call.function.name === 'language_detection' &&
        ctx.systemTools.includes('language_detection')
      ) {
        outcome = { result: tools.switchLanguage(String(p.language ?? '')), isError: false };
      } else if (
        call.function.name === 'transfer_to_agent' &&
        ctx.transfers?.length &&
        tools.transferToAgent
      ) {
        const rule = ctx.transfers.find((r) => r.agentId === p.agent_id);
        if (rule) {
          // The other agent answers from here: this agent's turn ends with the hand-over.
          tools.transferToAgent(rule);
          record.toolCalls.push({
            name: 'transfer_to_agent',
            type,
            parameters,
            result: `Transferred to ${rule.agentId}.`,
            isError: false,
          });
          return;
        }
        outcome = {
          result: `${String(p.agent_id)} is not an agent this conversation can be transferred to.`,
          isError: true,
        };
      } else if (
        call.function.name === 'transfer_to_number' &&
        ctx.numberTransfers?.length &&
        tools.transferToNumber
      ) {
        const rule = ctx.numberTransfers.find((r) => r.destination === p.transfer_number);
        outcome = rule
          ? { result: `The call is being transferred to ${rule.destination}.`, isError: false }
          : { result: `${String(p.transfer_number)} is not a number this call can go to.`, isError: true };
        if (rule) tools.transferToNumber(rule);
      } else if (server) {
        type = 'webhook';
        outcome = await server.run(p, signal);
      } else if (client) {
        type = 'client';
        outcome = await tools.clientTool(client.name, parameters, client.expects_response ?? true);
      } else {
        outcome = { result: `There is no tool named ${call.function.name}.`, isError: true };
      }
      const latencySecs = Math.round(performance.now() - started) / 1000;
      record.toolCalls.push({ name: call.function.name, type, parameters, ...outcome, latencySecs });
      messages.push({ role: 'tool', tool_call_id: call.id, content: outcome.result });
    }
  }
}
