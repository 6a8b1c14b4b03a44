import { ErrorBoundary } from '@/components/errors/error-boundary';

import { WorkspaceVoicesView } from '../components/workspace-voices-view';

/** /app/workspace-voices. */
export default function WorkspaceVoicesRoute() {
  return (
    <ErrorBoundary region="workspace voices">
      <WorkspaceVoicesView />
    </ErrorBoundary>
  );
}
