import { useParams } from 'react-router';

import { ErrorBoundary } from '@/components/errors/error-boundary';

import { SharedSpeechView } from '../components/shared-speech-view';

/** /share/:shareId (public). */
export default function SharedSpeechRoute() {
  const { shareId = '' } = useParams();
  return (
    <ErrorBoundary region="shared speech">
      <SharedSpeechView shareId={shareId} />
    </ErrorBoundary>
  );
}
