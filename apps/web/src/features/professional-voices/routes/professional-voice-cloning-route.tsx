import { ErrorBoundary } from '@/components/errors/error-boundary';

import { ProfessionalCloningView } from '../components/professional-cloning-view';

/** /app/professional-voice-cloning. */
export default function ProfessionalVoiceCloningRoute() {
  return (
    <ErrorBoundary region="professional voice cloning">
      <ProfessionalCloningView />
    </ErrorBoundary>
  );
}
