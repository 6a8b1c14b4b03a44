import { PageSpinner } from '../components/page-spinner';
import { useCurrentUser } from '@/lib/current-user';

import { ChecklistView } from '../components/checklist-view';

/** /app/onboarding-checklist. */
export default function OnboardingChecklistRoute() {
  const { data } = useCurrentUser();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h2 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">
          Getting started
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Each step is ticked off when you do it anywhere in the product or through the API.
        </p>
      </div>
      {data ? <ChecklistView user={data} /> : <PageSpinner />}
    </div>
  );
}
