import { useParams } from 'react-router';

import { ErrorBoundary } from '@/components/errors/error-boundary';

import { StudioEditor } from '../components/studio-editor';

/** /app/studio/{id}. */
export default function StudioProjectRoute() {
  const { id = '' } = useParams();
  return (
    <ErrorBoundary region="studio project">
      <StudioEditor projectId={id} />
    </ErrorBoundary>
  );
}
