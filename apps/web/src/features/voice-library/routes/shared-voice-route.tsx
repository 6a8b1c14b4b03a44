import { useParams } from 'react-router';

import { ErrorBoundary } from '@/components/errors/error-boundary';

import { SharedVoiceView } from '../components/shared-voice-view';

/** /app/voice-lab/share/:publicUserId/:voiceId: a shared voice's public page. */
export default function SharedVoiceRoute() {
  const { publicUserId = '', voiceId = '' } = useParams();
  return (
    <ErrorBoundary region="Shared voice">
      <SharedVoiceView publicUserId={publicUserId} voiceId={voiceId} />
    </ErrorBoundary>
  );
}
