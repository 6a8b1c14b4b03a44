import { ErrorBoundary } from '@/components/errors/error-boundary';

import { AgentsView } from '../components/agents-view';

export default function AgentsViewRoute() {
  return (
    <ErrorBoundary region="conversational AI">
      <AgentsView />
    </ErrorBoundary>
  );
}
