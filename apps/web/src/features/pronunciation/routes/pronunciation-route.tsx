import { ErrorBoundary } from '@/components/errors/error-boundary';

import { PronunciationView } from '../components/pronunciation-view';

export default function PronunciationRoute() {
  return (
    <ErrorBoundary region="pronunciation-dictionaries">
      <PronunciationView />
    </ErrorBoundary>
  );
}
