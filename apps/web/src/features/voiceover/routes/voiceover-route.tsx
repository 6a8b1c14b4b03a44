import { ErrorBoundary } from '@/components/errors/error-boundary';

import { VoiceoverView } from '../components/voiceover-view';

/** /app/voiceover-studio. */
export default function VoiceoverRoute() {
  return (
    <ErrorBoundary region="voiceover studio">
      <VoiceoverView />
    </ErrorBoundary>
  );
}
