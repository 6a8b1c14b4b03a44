import { ErrorBoundary } from '@/components/errors/error-boundary';

import { ToolsView } from '../components/tools-view';

export default function ToolsViewRoute() {
  return (
    <ErrorBoundary region="conversational AI">
      <ToolsView />
    </ErrorBoundary>
  );
}
