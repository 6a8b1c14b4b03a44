import { ErrorBoundary } from '@/components/errors/error-boundary';

import { HistoryView } from '../components/history-view';

/** /app/speech-synthesis/speech-to-speech/history: the speech-to-speech items (source STS). */
export default function SpeechToSpeechHistoryRoute() {
  return (
    <ErrorBoundary region="speech to speech history">
      <HistoryView source="STS" />
    </ErrorBoundary>
  );
}
