import { ErrorBoundary } from '@/components/errors/error-boundary';

import { VoiceIsolatorView } from '../components/voice-isolator-view';

/** /app/voice-isolator. */
export default function VoiceIsolatorRoute() {
  return (
    <ErrorBoundary region="voice isolator">
      <VoiceIsolatorView />
    </ErrorBoundary>
  );
}
