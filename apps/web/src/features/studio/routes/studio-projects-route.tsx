import { ErrorBoundary } from '@/components/errors/error-boundary';

import { StudioProjectsView } from '../components/studio-projects-view';

/** /app/studio. */
export default function StudioProjectsRoute() {
  return (
    <ErrorBoundary region="studio">
      <StudioProjectsView />
    </ErrorBoundary>
  );
}
