import { ErrorBoundary } from '@/components/errors/error-boundary';

import { TextToSpeechView } from '../components/text-to-speech-view';

/** /app/speech-synthesis/text-to-speech. */
export default function TextToSpeechRoute() {
  return (
    <ErrorBoundary region="text to speech">
      <TextToSpeechView />
    </ErrorBoundary>
  );
}
