import { formatRelativeTime } from '@vocalis/domain/relative-time';
import type { WebhookDeliveryStatus } from '@vocalis/contracts/webhooks';
import type { WebhookScope } from '@vocalis/domain/webhook-events';

import { Spinner } from '@/components/ui/icons';
import { useNow } from '@/hooks/use-now';
import { errorToastMessage } from '@/lib/error-toast';

import { useWebhookDeliveries } from '../api/get-webhook-deliveries';

const STATUS_STYLE: Record<WebhookDeliveryStatus, string> = {
  delivered: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
  failed: 'bg-rose-50 text-rose-700 dark:bg-rose-950 dark:text-rose-300',
  retrying: 'bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300',
  pending: 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300',
};

/** The delivery log of one webhook: status, attempts, the receiver's answer. */
export function WebhookDeliveries({ scope, webhookId }: { scope: WebhookScope; webhookId: string }) {
  const deliveries = useWebhookDeliveries(scope, webhookId);
  const now = useNow();
  if (deliveries.isPending) return <Spinner className="size-4" />;
  if (deliveries.isError)
    return (
      <p role="alert" className="text-sm text-rose-600">
        {errorToastMessage(deliveries.error)}
      </p>
    );
  if (deliveries.data.length === 0)
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">No deliveries yet. Send a test event.</p>;
  return (
    <ul className="divide-y divide-zinc-200 text-sm dark:divide-zinc-800" aria-label="Deliveries">
      {deliveries.data.map((d) => (
        <li
          key={d.delivery_id}
          data-testid="webhook-delivery"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
        >
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[d.status]}`}>
            {d.status}
          </span>
          <span className="font-mono text-xs">{d.event_type}</span>
          <span className="text-xs text-zinc-500 dark:text-zinc-400">
            {d.response_status_code !== null
              ? `HTTP ${d.response_status_code}`
              : (d.error ?? 'no answer yet')}
            {' · '}
            {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
            {' · '}
            {formatRelativeTime(Math.min(d.created_at_unix * 1000, now), now)}
          </span>
          {d.response_body ? (
            <code className="block w-full truncate text-xs text-zinc-500 dark:text-zinc-400">
              {d.response_body}
            </code>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
