import { ErrorBoundary } from '@/components/errors/error-boundary';

import { WebhooksPanel } from '../components/webhooks-panel';

/** /app/workspace/webhooks: the workspace's webhooks (its admins manage them). */
export default function WorkspaceWebhooksRoute() {
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">
        Workspace webhooks
      </h2>
      <ErrorBoundary region="Workspace webhooks">
        <WebhooksPanel scope="workspace" />
      </ErrorBoundary>
    </div>
  );
}
