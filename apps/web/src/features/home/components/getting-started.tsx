import type { User } from '@vocalis/contracts/user';
import { appRoutes } from '@vocalis/domain/app-routes';
import { Link } from 'react-router';

import {
  ChecklistProgressBar,
  ChecklistSteps,
  checklistProgress,
} from '@/components/onboarding-checklist/checklist-steps';
import { LoadingButton } from '@/components/ui/loading-button';
import { showErrorToast } from '@/lib/error-toast';
import { checklistCalls, useChecklistCall } from '@/lib/onboarding-checklist';

import { HomeSection } from './home-section';

/** Whether the start page shows the checklist: started, not hidden, not completed. */
export function showsChecklist(user: User | undefined): boolean {
  const checklist = user?.onboarding_checklist;
  return Boolean(checklist && !checklist.hidden && !user.is_onboarding_checklist_completed);
}

/** The getting-started checklist on the start page: progress, the steps this build offers, hide. */
export function GettingStarted({ user }: { user: User }) {
  const hide = useChecklistCall(checklistCalls.hide);
  const checklist = user.onboarding_checklist;
  if (!checklist || !showsChecklist(user)) return null;
  const progress = checklistProgress(checklist);

  return (
    <HomeSection
      id="home-getting-started"
      title="Getting started"
      action={
        <Link
          to={appRoutes.onboardingChecklist.path}
          className="text-sm font-medium text-indigo-600 hover:text-indigo-500 dark:text-indigo-400"
        >
          Details
        </Link>
      }
    >
      <div className="px-4 pt-4 sm:px-5">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {progress.done} of {progress.items.length} steps completed
        </p>
        <ChecklistProgressBar percent={progress.percent} className="mt-2" />
      </div>
      <div className="px-4 sm:px-5">
        <ChecklistSteps progress={progress} compact />
      </div>
      <div className="flex justify-end border-t border-zinc-100 px-4 py-3 sm:px-5 dark:border-zinc-800">
        <LoadingButton
          variant="ghost"
          size="sm"
          loading={hide.isPending}
          onClick={() => hide.mutate([], { onError: (e) => showErrorToast(e) })}
        >
          Hide checklist
        </LoadingButton>
      </div>
    </HomeSection>
  );
}
