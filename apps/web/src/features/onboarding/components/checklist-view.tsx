import type { User } from '@vocalis/contracts/user';
import { useNavigate } from 'react-router';

import {
  ChecklistProgressBar,
  ChecklistSteps,
  checklistProgress,
} from '@/components/onboarding-checklist/checklist-steps';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { LoadingButton } from '@/components/ui/loading-button';
import { showErrorToast } from '@/lib/error-toast';
import { checklistCalls, useChecklistCall } from '@/lib/onboarding-checklist';

/** /app/onboarding-checklist: the steps with their landing pages, progress, hide and finish. */
export function ChecklistView({ user }: { user: User }) {
  const navigate = useNavigate();
  const initiate = useChecklistCall(checklistCalls.initiate);
  const hide = useChecklistCall(checklistCalls.hide);
  const finish = useChecklistCall(checklistCalls.markComplete);
  const checklist = user.onboarding_checklist;

  if (!checklist) {
    return (
      <section className="rounded-2xl border border-dashed border-zinc-300 p-8 text-center dark:border-zinc-700">
        <h3 className="text-lg font-semibold text-zinc-900 dark:text-white">Get to know the product</h3>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          A short list of first steps, ticked off as you go.
        </p>
        <LoadingButton
          className="mt-5"
          loading={initiate.isPending}
          onClick={() => initiate.mutate([], { onError: (e) => showErrorToast(e) })}
        >
          Start the checklist
        </LoadingButton>
      </section>
    );
  }

  const progress = checklistProgress(checklist);

  return (
    <section className="space-y-5">
      <div className="rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-medium text-zinc-900 dark:text-white">
            {progress.done} of {progress.items.length} steps completed
          </p>
          {user.is_onboarding_checklist_completed ? (
            <span className="rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-medium text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300">
              Completed
            </span>
          ) : checklist.hidden ? (
            <span className="rounded-full bg-zinc-100 px-2.5 py-0.5 text-xs font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400">
              Hidden: no step notifications
            </span>
          ) : null}
        </div>
        <ChecklistProgressBar percent={progress.percent} className="mt-3" />
      </div>

      <ChecklistSteps progress={progress} />

      <div className="flex flex-wrap justify-end gap-3">
        {!checklist.hidden ? (
          <LoadingButton
            variant="secondary"
            loading={hide.isPending}
            onClick={() => hide.mutate([], { onError: (e) => showErrorToast(e) })}
          >
            Hide checklist
          </LoadingButton>
        ) : null}
        {!user.is_onboarding_checklist_completed ? (
          <LoadingButton
            loading={finish.isPending}
            onClick={() =>
              finish.mutate([], {
                onSuccess: () => void navigate(paths.home),
                onError: (e) => showErrorToast(e),
              })
            }
          >
            I'm done, mark as complete
          </LoadingButton>
        ) : (
          <Button variant="secondary" onClick={() => void navigate(paths.home)}>
            Go home
          </Button>
        )}
      </div>
    </section>
  );
}
