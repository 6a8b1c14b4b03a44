import { appRoutes } from '@vocalis/domain/app-routes';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Input, inputClasses } from '@/components/ui/input';

import { useAgents } from '../api/agents';
import { useTools } from '../api/tools';
import {
  SYSTEM_TOOL_NAMES,
  type BehaviourEdit,
  type SystemToolName,
  type TransferEdit,
} from '../lib/agent-behaviour';

const SYSTEM_TEXT: Record<SystemToolName, { label: string; hint: string }> = {
  end_call: { label: 'End call', hint: 'The agent may hang up when the conversation is over.' },
  transfer_to_agent: {
    label: 'Transfer to agent',
    hint: 'The agent may hand the call to another agent of the workspace when a condition holds.',
  },
  language_detection: {
    label: 'Language detection',
    hint: 'The agent may switch speech recognition to the language the caller speaks.',
  },
  skip_turn: {
    label: 'Skip turn',
    hint: 'The agent may stay silent for a turn when the caller is not done.',
  },
};

/** The agent's tools (decision 250): workspace tools by id, and the system tools the turn loop runs. */
export function AgentToolsTab(props: {
  agentId?: string;
  value: BehaviourEdit;
  onChange(value: BehaviourEdit): void;
}) {
  const tools = useTools();
  const agents = useAgents();
  const { value, onChange } = props;
  const attached = new Set(value.tool_ids);
  const targets = (agents.data?.agents ?? []).filter((a) => a.agent_id !== props.agentId);
  const setTransfer = (i: number, patch: Partial<TransferEdit>) =>
    onChange({ ...value, transfers: value.transfers.map((t, j) => (j === i ? { ...t, ...patch } : t)) });
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Workspace tools</legend>
        {tools.data?.tools.length ? (
          <ul className="mt-2 space-y-1">
            {tools.data.tools.map((t) => (
              <li key={t.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={attached.has(t.id)}
                    onChange={(e) =>
                      onChange({
                        ...value,
                        tool_ids: e.target.checked
                          ? [...value.tool_ids, t.id]
                          : value.tool_ids.filter((id) => id !== t.id),
                      })
                    }
                  />
                  {String(t.tool_config.name)}
                  <span className="text-xs text-zinc-500">({String(t.tool_config.type)})</span>
                </label>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-zinc-500">
            No tools yet: create webhook and client tools on the{' '}
            <Link className="underline" to={appRoutes.convaiTools.path}>
              Tools page
            </Link>
            .
          </p>
        )}
      </fieldset>
      <fieldset>
        <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">System tools</legend>
        <ul className="mt-2 space-y-2">
          {SYSTEM_TOOL_NAMES.map((n) => (
            <li key={n}>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-1"
                  checked={value.system_tools[n]}
                  onChange={(e) =>
                    onChange({ ...value, system_tools: { ...value.system_tools, [n]: e.target.checked } })
                  }
                />
                <span>
                  {SYSTEM_TEXT[n].label}
                  <span className="block text-xs text-zinc-500">{SYSTEM_TEXT[n].hint}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      {value.system_tools.transfer_to_agent ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Transfer targets</legend>
          {value.transfers.map((t, i) => (
            <div key={i} className="space-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
              <div className="grid gap-2 sm:grid-cols-[11rem_minmax(0,1fr)]">
                <select
                  aria-label={`Transfer ${i + 1} agent`}
                  className={inputClasses}
                  value={t.agent_id}
                  onChange={(e) => setTransfer(i, { agent_id: e.target.value })}
                >
                  <option value="">Choose an agent…</option>
                  {targets.map((a) => (
                    <option key={a.agent_id} value={a.agent_id}>
                      {a.name}
                    </option>
                  ))}
                </select>
                <Input
                  aria-label={`Transfer ${i + 1} condition`}
                  placeholder="When to transfer, e.g. the caller asks about an invoice"
                  value={t.condition}
                  onChange={(e) => setTransfer(i, { condition: e.target.value })}
                />
              </div>
              <Input
                aria-label={`Transfer ${i + 1} message`}
                placeholder="What the agent says before handing over (optional)"
                value={t.transfer_message}
                onChange={(e) => setTransfer(i, { transfer_message: e.target.value })}
              />
              <div className="flex items-center justify-between gap-2">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    aria-label={`Transfer ${i + 1}: the other agent says its first message`}
                    checked={t.first_message}
                    onChange={(e) => setTransfer(i, { first_message: e.target.checked })}
                  />
                  The other agent says its first message
                </label>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove transfer ${i + 1}`}
                  onClick={() => onChange({ ...value, transfers: value.transfers.filter((_, j) => j !== i) })}
                >
                  Remove
                </Button>
              </div>
            </div>
          ))}
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              onChange({
                ...value,
                transfers: [
                  ...value.transfers,
                  { agent_id: '', condition: '', transfer_message: '', first_message: true },
                ],
              })
            }
          >
            Add transfer target
          </Button>
        </fieldset>
      ) : null}
    </div>
  );
}
