import { appRoutes } from '@vocalis/domain/app-routes';
import { useState } from 'react';
import { Link } from 'react-router';

import { Button, buttonClasses } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';
import { toast } from '@/components/ui/toast/toast-store';

import { useAgent, useAgents, useCreateAgent, useDeleteAgent, useUpdateAgent } from '../api/agents';
import { serverProblems } from '../lib/server-problems';
import { AgentEditor } from './agent-editor';
import { ConvaiTabs } from './convai-tabs';
import { LlmSettingsCard } from './llm-settings-card';
import { card, MODE_TEXT } from './styles';

/** /app/conversational-ai: the workspace's agents, the editor, and the language model. */
export function AgentsView() {
  const agents = useAgents();
  const [selected, setSelected] = useState<string | null>(null);
  const agent = useAgent(selected === 'new' ? null : selected);
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const remove = useDeleteAgent();
  const confirm = useConfirm();
  // A refused save names the fields the server rejected (e.g. an out-of-range Advanced setting).
  const fail = (e: unknown) => toast.error(serverProblems(e).join(' '));

  return (
    <div className="mx-auto max-w-5xl space-y-6 p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Voice agents that listen, answer and speak.
        </p>
        <Button onClick={() => setSelected('new')}>New agent</Button>
      </header>
      <ConvaiTabs />
      <LlmSettingsCard />
      <div className="grid gap-6 lg:grid-cols-[1fr_1.4fr]">
        <section className={card} aria-labelledby="agents-heading">
          <h2 id="agents-heading" className="text-base font-semibold">
            Agents
          </h2>
          {agents.data?.agents.length === 0 ? (
            <p className="mt-2 text-sm text-zinc-500">No agents yet.</p>
          ) : null}
          <ul className="mt-3 divide-y divide-zinc-200 dark:divide-zinc-800">
            {agents.data?.agents.map((a) => (
              <li key={a.agent_id} className="flex items-center justify-between gap-2 py-2">
                <button
                  className="text-left text-sm font-medium hover:underline"
                  onClick={() => setSelected(a.agent_id)}
                >
                  {a.name}
                </button>
                <span className="flex gap-2">
                  <Link
                    className={buttonClasses('secondary', 'sm')}
                    to={`${appRoutes.convaiTalkTo.path}?agent_id=${encodeURIComponent(a.agent_id)}`}
                  >
                    Talk
                  </Link>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete ${a.name}`}
                    onClick={async () => {
                      const { confirmed } = await confirm({
                        title: `Delete ${a.name}?`,
                        description: 'Its conversations stay in the history.',
                        confirmText: 'Delete',
                        variant: 'danger',
                      });
                      if (confirmed) remove.mutate(a.agent_id, { onError: fail });
                    }}
                  >
                    Delete
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section className={card} aria-labelledby="editor-heading">
          <h2 id="editor-heading" className="text-base font-semibold">
            {selected === 'new' ? 'New agent' : selected ? 'Edit agent' : 'Select or create an agent'}
          </h2>
          {selected && selected !== 'new' && agent.data ? (
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400" data-testid="agent-mode">
              Answers with: {MODE_TEXT[agent.data.mode]}
            </p>
          ) : null}
          {selected === 'new' ? (
            <div className="mt-4">
              <AgentEditor
                saving={create.isPending}
                onSave={(edit) =>
                  create.mutate(edit, { onSuccess: (r) => setSelected(r.agent_id), onError: fail })
                }
              />
            </div>
          ) : selected && agent.data ? (
            <div className="mt-4">
              <AgentEditor
                agent={agent.data}
                saving={update.isPending}
                onSave={(edit) =>
                  update.mutate(
                    { id: selected, edit },
                    { onSuccess: () => toast.success('Agent saved.'), onError: fail },
                  )
                }
              />
            </div>
          ) : null}
        </section>
      </div>
    </div>
  );
}
