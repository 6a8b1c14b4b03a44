import type { Webhook } from '@vocalis/contracts/webhooks';
import { webhookEvent, type WebhookScope } from '@vocalis/domain/webhook-events';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog/confirm-provider';
import { Spinner } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast/toast-store';
import { errorToastMessage, showErrorToast } from '@/lib/error-toast';

import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { useSendTestEvent } from '../api/send-test-event';
import { useUpdateWebhook } from '../api/update-webhook';
import { CreateWebhookDialog } from './create-webhook-dialog';
import { EditWebhookDialog } from './edit-webhook-dialog';
import { WebhookDeliveries } from './webhook-deliveries';

function stateOf(w: Webhook): { label: string; style: string } {
  if (w.is_auto_disabled)
    return {
      label: 'Disabled after failures',
      style: 'bg-rose-50 text-rose-700 dark:bg-rose-950 dark:text-rose-300',
    };
  if (w.is_disabled)
    return { label: 'Disabled', style: 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300' };
  return {
    label: 'Active',
    style: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
  };
}

const INTRO: Record<WebhookScope, string> = {
  workspace:
    "The workspace's webhooks: every member's events they subscribe to are delivered. Only workspace admins manage them.",
  user: 'Your own webhooks: they receive the events of your own requests.',
};

/** A workspace's or a user's webhooks: add, enable or disable, send a test event, read deliveries, delete. */
export function WebhooksPanel({ scope }: { scope: WebhookScope }) {
  const hooks = useWebhooks(scope);
  const update = useUpdateWebhook(scope);
  const remove = useDeleteWebhook(scope);
  const test = useSendTestEvent(scope);
  const confirm = useConfirm();
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [editing, setEditing] = useState<Webhook | null>(null);

  const setEnabled = (w: Webhook, enabled: boolean) =>
    update.mutate(
      { id: w.webhook_id, body: { name: w.name, is_disabled: !enabled } },
      {
        onSuccess: () => toast.success(enabled ? 'Webhook enabled' : 'Webhook disabled'),
        onError: (e) => showErrorToast(e),
      },
    );

  const sendTest = (w: Webhook) =>
    test.mutate(w.webhook_id, {
      onSuccess: () => {
        setOpen(w.webhook_id);
        toast.success('Test event sent');
      },
      onError: (e) => showErrorToast(e),
    });

  const onDelete = async (w: Webhook) => {
    const { confirmed } = await confirm({
      title: `Delete webhook "${w.name}"?`,
      description: 'Its deliveries stop at once and its delivery log is deleted with it.',
      confirmText: 'Delete',
      variant: 'danger',
    });
    if (confirmed)
      remove.mutate(w.webhook_id, {
        onSuccess: () => toast.success('Webhook deleted'),
        onError: (e) => showErrorToast(e),
      });
  };

  return (
    <section className="space-y-4">
      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <p className="max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{INTRO[scope]}</p>
        <Button onClick={() => setCreating(true)}>Add webhook</Button>
      </div>

      {hooks.isPending ? (
        <Spinner className="size-5" />
      ) : hooks.isError ? (
        <p role="alert" className="text-sm text-rose-600">
          {errorToastMessage(hooks.error)}
        </p>
      ) : hooks.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-zinc-300 p-8 text-center text-sm text-zinc-500 dark:border-zinc-700">
          No webhooks yet.
        </p>
      ) : (
        <ul className="space-y-3">
          {hooks.data.map((w) => {
            const state = stateOf(w);
            const enabled = !w.is_disabled && !w.is_auto_disabled;
            return (
              <li
                key={w.webhook_id}
                data-testid="webhook-row"
                className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
              >
                <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium text-zinc-900 dark:text-zinc-100">{w.name}</span>
                      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${state.style}`}>
                        {state.label}
                      </span>
                      <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                        {w.auth_type === 'hmac' ? 'HMAC' : 'OAuth2'}
                      </span>
                    </div>
                    <p className="truncate font-mono text-xs text-zinc-500 dark:text-zinc-400">
                      {w.webhook_url}
                    </p>
                    <p className="text-xs text-zinc-600 dark:text-zinc-400">
                      {w.events.length === 0
                        ? 'No events: only test events and requests that name it.'
                        : w.events.map((e) => webhookEvent(e)?.label ?? e).join(', ')}
                    </p>
                  </div>
                  <div className="-ml-3 flex flex-wrap gap-1 sm:ml-0 sm:justify-end">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => sendTest(w)}
                      aria-label={`Send test event to ${w.name}`}
                    >
                      Send test event
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setOpen(open === w.webhook_id ? null : w.webhook_id)}
                      aria-expanded={open === w.webhook_id}
                    >
                      Deliveries
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setEditing(w)}
                      aria-label={`Edit ${w.name}`}
                    >
                      Edit
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setEnabled(w, !enabled)}>
                      {enabled ? 'Disable' : 'Enable'}
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => void onDelete(w)}
                      aria-label={`Delete ${w.name}`}
                    >
                      Delete
                    </Button>
                  </div>
                </div>
                {open === w.webhook_id ? (
                  <div className="mt-3 border-t border-zinc-200 pt-3 dark:border-zinc-800">
                    <WebhookDeliveries scope={scope} webhookId={w.webhook_id} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}

      <CreateWebhookDialog scope={scope} open={creating} onClose={() => setCreating(false)} />
      <EditWebhookDialog scope={scope} webhook={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
