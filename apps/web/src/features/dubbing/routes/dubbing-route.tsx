import { ErrorBoundary } from '@/components/errors/error-boundary';

import { DubbingView } from '../components/dubbing-view';

/** /app/dubbing. */
export default function DubbingRoute() {
  return (
    <ErrorBoundary region="dubbing">
      <DubbingView />
    </ErrorBoundary>
  );
}
