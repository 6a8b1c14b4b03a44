import { ErrorBoundary } from '@/components/errors/error-boundary';

import { HistoryView } from '../components/history-view';

/** /app/speech-synthesis/text-to-speech/history. */
export default function SpeechHistoryRoute() {
  return (
    <ErrorBoundary region="history">
      <HistoryView />
    </ErrorBoundary>
  );
}
