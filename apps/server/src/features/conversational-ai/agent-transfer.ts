/**
 * The system tool transfer_to_agent (decision 232): the agent's transfer rules, read from
 * `prompt.built_in_tools.transfer_to_agent` or a system tool of that name (`params.transfers`, the SDK's
 * `AgentTransfer`: agent_id, condition, transfer_message, enable_transferred_agent_first_message), and the function
 * the language model sees. Only agents named in the rules can be reached.
 */
import type { ToolDefinition } from './chat-completions';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

export type AgentTransferRule = {
  agentId: string;
  condition: string;
  transferMessage: string | null;
  /** The agent taken over speaks its first message (default true here; see decision 232). */
  speakFirstMessage: boolean;
};

/** The transfer rules of an agent's prompt (built-in tool first, then system tools in `tools`). */
export function transferRules(prompt: Obj, tools: Obj[]): AgentTransferRule[] {
  const sources = [
    obj(obj(prompt.built_in_tools).transfer_to_agent),
    ...tools.filter((t) => t.type === 'system' && t.name === 'transfer_to_agent'),
  ];
  const rules: AgentTransferRule[] = [];
  for (const source of sources) {
    const transfers = obj(source.params).transfers;
    if (!Array.isArray(transfers)) continue;
    for (const t of transfers.map(obj)) {
      if (typeof t.agent_id !== 'string' || !t.agent_id || rules.some((r) => r.agentId === t.agent_id))
        continue;
      rules.push({
        agentId: t.agent_id,
        condition: typeof t.condition === 'string' ? t.condition : '',
        transferMessage:
          typeof t.transfer_message === 'string' && t.transfer_message.trim() ? t.transfer_message : null,
        speakFirstMessage: t.enable_transferred_agent_first_message !== false,
      });
    }
  }
  return rules;
}

/** The function offered to the model: the target is one of the rules' agent ids. */
export function transferToolDefinition(rules: AgentTransferRule[]): ToolDefinition {
  return {
    type: 'function',
    function: {
      name: 'transfer_to_agent',
      description:
        'Hand the conversation over to another agent when one of these conditions holds:\n' +
        rules.map((r) => `- ${r.agentId}: ${r.condition || '(no condition given)'}`).join('\n'),
      parameters: {
        type: 'object',
        properties: {
          agent_id: { type: 'string', enum: rules.map((r) => r.agentId) },
          reason: { type: 'string' },
        },
        required: ['agent_id'],
      },
    },
  };
}
