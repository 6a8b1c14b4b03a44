import { ErrorBoundary } from '@/components/errors/error-boundary';

import { DefaultVoicesView } from '../components/default-voices-view';

/** /app/default-voices. */
export default function DefaultVoicesRoute() {
  return (
    <ErrorBoundary region="default voices">
      <DefaultVoicesView />
    </ErrorBoundary>
  );
}
