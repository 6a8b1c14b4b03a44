import { ErrorBoundary } from '@/components/errors/error-boundary';

import { UsageView } from '../components/usage-view';

/** /app/usage/workspace: every member's characters in the workspace. */
export default function WorkspaceUsageRoute() {
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Workspace usage</h2>
      <ErrorBoundary region="Workspace usage">
        <UsageView workspace />
      </ErrorBoundary>
    </div>
  );
}
