import { ErrorBoundary } from '@/components/errors/error-boundary';

import { CollectionsView } from '../components/collections-view';

/** /app/voice-library/collections and /app/voice-lab/collections: my voice collections. */
export default function CollectionsRoute() {
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Collections</h2>
        <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
          Group your voices for projects; a voice can be in several.
        </p>
      </div>
      <ErrorBoundary region="Collections">
        <CollectionsView />
      </ErrorBoundary>
    </div>
  );
}
