import { ErrorBoundary } from '@/components/errors/error-boundary';

import { WebhooksPanel } from '../components/webhooks-panel';

/** /app/settings/webhooks: the user's own webhooks. */
export default function UserWebhooksRoute() {
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Webhooks</h2>
      <ErrorBoundary region="Webhooks">
        <WebhooksPanel scope="user" />
      </ErrorBoundary>
    </div>
  );
}
