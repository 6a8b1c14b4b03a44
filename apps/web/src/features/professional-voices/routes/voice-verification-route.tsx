import { ErrorBoundary } from '@/components/errors/error-boundary';

import { VoiceVerificationView } from '../components/voice-verification-view';

/** /app/voice-verification. */
export default function VoiceVerificationRoute() {
  return (
    <ErrorBoundary region="voice verification">
      <VoiceVerificationView />
    </ErrorBoundary>
  );
}
