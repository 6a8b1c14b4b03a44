import { ErrorBoundary } from '@/components/errors/error-boundary';

import { HistoryView } from '../components/history-view';

export default function HistoryViewRoute() {
  return (
    <ErrorBoundary region="conversational AI">
      <HistoryView />
    </ErrorBoundary>
  );
}
