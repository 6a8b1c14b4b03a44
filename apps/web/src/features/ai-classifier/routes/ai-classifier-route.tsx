import { ErrorBoundary } from '@/components/errors/error-boundary';

import { AiClassifierView } from '../components/ai-classifier-view';

/** /app/ai-classifier. */
export default function AiClassifierRoute() {
  return (
    <ErrorBoundary region="AI speech classifier">
      <AiClassifierView />
    </ErrorBoundary>
  );
}
