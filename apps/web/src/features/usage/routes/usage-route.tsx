import { ErrorBoundary } from '@/components/errors/error-boundary';

import { UsageView } from '../components/usage-view';

/** /app/usage: the signed-in user's own characters. */
export default function UsageRoute() {
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Usage</h2>
      <ErrorBoundary region="Usage">
        <UsageView workspace={false} />
      </ErrorBoundary>
    </div>
  );
}
