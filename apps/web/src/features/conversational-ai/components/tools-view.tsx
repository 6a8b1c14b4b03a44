import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';
import { toast } from '@/components/ui/toast/toast-store';
import { isHttpError } from '@/lib/api-client';
import { errorToastMessage } from '@/lib/error-toast';

import { fetchDependentAgents, useDeleteTool, useTools, type Tool } from '../api/tools';
import { newToolEdit, toolEditOf, type ToolEdit } from '../lib/tool-edit';
import { ConvaiTabs } from './convai-tabs';
import { SecretsCard } from './secrets-card';
import { card } from './styles';
import { ToolForm } from './tool-form';

type Editing = { id?: string; initial: ToolEdit } | null;

const TYPE_TEXT: Record<string, string> = {
  webhook: 'Webhook',
  client: 'Client (runs in the page)',
  system: 'System',
};

/** /app/conversational-ai/tools: the workspace's tools, their use, and the secrets their headers name. */
export function ToolsView() {
  const tools = useTools();
  const remove = useDeleteTool();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<Editing>(null);

  const del = async (t: Tool, force = false): Promise<void> => {
    const name = String(t.tool_config.name);
    try {
      await remove.mutateAsync({ id: t.id, force });
      toast.success(`Tool ${name} deleted.`);
    } catch (e) {
      if (!force && isHttpError(e) && e.errorType === 'tool_has_dependent_agents') {
        const users = (await fetchDependentAgents(t.id)).agents.map((a) => a.name).join(', ');
        const { confirmed } = await confirm({
          title: `Delete ${name} anyway?`,
          description: `It is used by ${users}. Deleting it also takes it out of these agents.`,
          confirmText: 'Delete',
          variant: 'danger',
        });
        if (confirmed) return del(t, true);
        return;
      }
      toast.error(errorToastMessage(e));
    }
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6 p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Tools agents can use: webhooks this server calls, and client tools the page runs. Attach them to an
          agent in its Tools tab.
        </p>
        <span className="flex gap-2">
          <Button onClick={() => setEditing({ initial: newToolEdit('webhook') })}>New webhook tool</Button>
          <Button variant="secondary" onClick={() => setEditing({ initial: newToolEdit('client') })}>
            New client tool
          </Button>
        </span>
      </header>
      <ConvaiTabs />
      {editing ? (
        <section className={card} aria-labelledby="tool-editor-heading">
          <h2 id="tool-editor-heading" className="mb-4 text-base font-semibold">
            {editing.id
              ? `Edit ${editing.initial.name}`
              : editing.initial.type === 'webhook'
                ? 'New webhook tool'
                : 'New client tool'}
          </h2>
          <ToolForm
            key={editing.id ?? editing.initial.type}
            id={editing.id}
            initial={editing.initial}
            onDone={() => setEditing(null)}
          />
        </section>
      ) : null}
      <section className={card} aria-labelledby="tools-heading">
        <h2 id="tools-heading" className="text-base font-semibold">
          Tools
        </h2>
        {tools.data?.tools.length === 0 ? <p className="mt-2 text-sm text-zinc-500">No tools yet.</p> : null}
        <div className="overflow-x-auto">
          <table className="mt-3 w-full text-left text-sm" data-testid="tools">
            <thead className="text-xs text-zinc-500">
              <tr>
                <th className="py-1 font-medium">Name</th>
                <th className="py-1 font-medium">Type</th>
                <th className="py-1 font-medium">Calls</th>
                <th className="py-1 font-medium">Average latency</th>
                <th />
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {tools.data?.tools.map((t) => {
                const name = String(t.tool_config.name);
                const url = (t.tool_config.api_schema as { url?: string } | undefined)?.url;
                return (
                  <tr key={t.id}>
                    <td className="py-2">
                      <span className="font-medium">{name}</span>
                      <span className="block text-xs text-zinc-500">
                        {url ?? String(t.tool_config.description ?? '')}
                      </span>
                    </td>
                    <td className="py-2">
                      {TYPE_TEXT[String(t.tool_config.type)] ?? String(t.tool_config.type)}
                    </td>
                    <td className="py-2">{t.usage_stats.total_calls}</td>
                    <td className="py-2">
                      {t.usage_stats.total_calls ? `${t.usage_stats.avg_latency_secs.toFixed(2)} s` : '—'}
                    </td>
                    <td className="py-2 text-right whitespace-nowrap">
                      {t.tool_config.type !== 'system' ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Edit ${name}`}
                          onClick={() => setEditing({ id: t.id, initial: toolEditOf(t.tool_config) })}
                        >
                          Edit
                        </Button>
                      ) : null}
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Delete ${name}`}
                        onClick={() => void del(t)}
                      >
                        Delete
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
      <SecretsCard />
    </div>
  );
}
