import { ErrorBoundary } from '@/components/errors/error-boundary';

import { VoiceLabView } from '../components/voice-lab-view';

/** /app/voice-lab. */
export default function VoiceLabRoute() {
  return (
    <ErrorBoundary region="voice lab">
      <VoiceLabView />
    </ErrorBoundary>
  );
}
