import type { Webhook } from '@vocalis/contracts/webhooks';
import { WEBHOOK_EVENTS, type WebhookScope } from '@vocalis/domain/webhook-events';
import { useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast/toast-store';
import { showErrorToast } from '@/lib/error-toast';

import { useUpdateWebhook } from '../api/update-webhook';

type Props = { scope: WebhookScope; webhook: Webhook | null; onClose: () => void };

/** Name, subscribed events and retries of a webhook (its URL and authentication stay as created). */
export function EditWebhookDialog({ scope, webhook, onClose }: Props) {
  return (
    <Modal open={webhook !== null} onOpenChange={(next) => !next && onClose()} title="Edit webhook">
      {webhook ? (
        <EditForm key={webhook.webhook_id} scope={scope} webhook={webhook} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function EditForm({
  scope,
  webhook,
  onClose,
}: {
  scope: WebhookScope;
  webhook: Webhook;
  onClose: () => void;
}) {
  const update = useUpdateWebhook(scope);
  const events = WEBHOOK_EVENTS.filter((e) => (e.scopes as readonly string[]).includes(scope));
  const [name, setName] = useState(webhook.name);
  const [chosen, setChosen] = useState<Set<string>>(new Set(webhook.events));
  const [retry, setRetry] = useState(webhook.retry_enabled);

  const toggle = (type: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(type)) next.delete(type);
      else next.add(type);
      return next;
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    update.mutate(
      {
        id: webhook.webhook_id,
        body: {
          name: name.trim(),
          is_disabled: webhook.is_disabled,
          retry_enabled: retry,
          events: events.map((e) => e.type).filter((t) => chosen.has(t)),
        },
      },
      {
        onSuccess: () => {
          toast.success('Webhook saved');
          onClose();
        },
        onError: (e) => showErrorToast(e),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-5">
      <Field label="Name">
        {(id) => <Input id={id} maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Events</legend>
        {events.map((e) => (
          <label key={e.type} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={chosen.has(e.type)}
              onChange={() => toggle(e.type)}
            />
            <span>
              {e.label}
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">{e.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={retry} onChange={(e) => setRetry(e.target.checked)} />
        Retry failed deliveries (server errors, rate limits, timeouts)
      </label>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <LoadingButton type="submit" loading={update.isPending} disabled={!name.trim()}>
          Save
        </LoadingButton>
      </div>
    </form>
  );
}
