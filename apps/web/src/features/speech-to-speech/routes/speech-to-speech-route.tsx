import { ErrorBoundary } from '@/components/errors/error-boundary';

import { SpeechToSpeechView } from '../components/speech-to-speech-view';

/** /app/speech-synthesis/speech-to-speech. */
export default function SpeechToSpeechRoute() {
  return (
    <ErrorBoundary region="speech to speech">
      <SpeechToSpeechView />
    </ErrorBoundary>
  );
}
