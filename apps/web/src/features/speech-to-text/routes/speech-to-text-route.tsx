import { ErrorBoundary } from '@/components/errors/error-boundary';

import { SpeechToTextView } from '../components/speech-to-text-view';

/** /app/speech-to-text. */
export default function SpeechToTextRoute() {
  return (
    <ErrorBoundary region="speech to text">
      <SpeechToTextView />
    </ErrorBoundary>
  );
}
