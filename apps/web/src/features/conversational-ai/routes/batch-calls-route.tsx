import { ErrorBoundary } from '@/components/errors/error-boundary';

import { BatchCallsView } from '../components/batch-calls-view';

export default function BatchCallsViewRoute() {
  return (
    <ErrorBoundary region="conversational AI">
      <BatchCallsView />
    </ErrorBoundary>
  );
}
