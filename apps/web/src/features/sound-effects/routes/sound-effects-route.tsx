import { ErrorBoundary } from '@/components/errors/error-boundary';

import { SoundEffectsView } from '../components/sound-effects-view';

/** /app/sound-effects, /generate, /history, /explore, /explore/search, /explore/category. */
export default function SoundEffectsRoute() {
  return (
    <ErrorBoundary region="sound effects">
      <SoundEffectsView />
    </ErrorBoundary>
  );
}
