import { ErrorBoundary } from '@/components/errors/error-boundary';

import { KnowledgeBaseView } from '../components/knowledge-base-view';

export default function KnowledgeBaseViewRoute() {
  return (
    <ErrorBoundary region="conversational AI">
      <KnowledgeBaseView />
    </ErrorBoundary>
  );
}
