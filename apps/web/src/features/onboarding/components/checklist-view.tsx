import type { User } from '@vocalis/contracts/user';
import { matchRoute } from '@vocalis/domain/app-routes';
import { CHECKLIST_ITEMS } from '@vocalis/domain/onboarding-checklist';
import clsx from 'clsx';
import { Link, useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { SuccessIcon } from '@/components/ui/icons';
import { LoadingButton } from '@/components/ui/loading-button';
import { showErrorToast } from '@/lib/error-toast';

import { checklistCalls, useChecklistCall } from '../api/checklist';

/** Where an item leads: an app page that exists, the API docs served by the server, or nowhere yet. */
function itemTarget(href: string): { kind: 'app' | 'external'; href: string } | null {
  if (href === '/docs') return { kind: 'external', href };
  const route = matchRoute(href);
  return route?.built ? { kind: 'app', href } : null;
}

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

  const completed = new Set(
    checklist.items.filter((i) => i.is_completed).map((i) => i.onboarding_checklist_item_id),
  );
  const items = CHECKLIST_ITEMS.filter((item) =>
    checklist.items.some((i) => i.onboarding_checklist_item_id === item.id),
  );
  const percent = items.length ? Math.round((completed.size / items.length) * 100) : 0;

  return (
    <section className="space-y-5">
      <div className="rounded-2xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-medium text-zinc-900 dark:text-white">
            {completed.size} of {items.length} steps completed
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
        <div
          className="mt-3 h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
          role="progressbar"
          aria-label="Checklist progress"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div
            className="h-full rounded-full bg-indigo-600 transition-all"
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>

      <ol className="divide-y divide-zinc-200 overflow-hidden rounded-2xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
        {items.map((item) => {
          const done = completed.has(item.id);
          const target = itemTarget(item.href);
          return (
            <li key={item.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:p-5">
              <span
                className={clsx(
                  'flex size-8 shrink-0 items-center justify-center rounded-full border',
                  done
                    ? 'border-emerald-500 bg-emerald-500 text-white'
                    : 'border-zinc-300 text-transparent dark:border-zinc-700',
                )}
                aria-hidden
              >
                <SuccessIcon className="size-4" />
              </span>
              <div className="min-w-0 flex-1">
                <p
                  className={clsx(
                    'text-sm font-medium',
                    done ? 'text-zinc-500 line-through' : 'text-zinc-900 dark:text-white',
                  )}
                >
                  {item.title}
                  <span className="sr-only">{done ? ' (completed)' : ' (not completed)'}</span>
                </p>
                <p className="text-sm text-zinc-600 dark:text-zinc-400">{item.description}</p>
              </div>
              {target?.kind === 'app' ? (
                <Link
                  to={target.href}
                  className="text-sm font-medium text-indigo-600 hover:text-indigo-500 dark:text-indigo-400"
                >
                  {done ? 'Open again' : 'Start'}
                </Link>
              ) : target ? (
                <a
                  href={target.href}
                  className="text-sm font-medium text-indigo-600 hover:text-indigo-500 dark:text-indigo-400"
                >
                  Read the docs
                </a>
              ) : (
                <span className="text-xs font-medium text-zinc-400">Not available yet</span>
              )}
            </li>
          );
        })}
      </ol>

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
                onSuccess: () => void navigate('/app/home'),
                onError: (e) => showErrorToast(e),
              })
            }
          >
            I'm done, mark as complete
          </LoadingButton>
        ) : (
          <Button variant="secondary" onClick={() => void navigate('/app/home')}>
            Go home
          </Button>
        )}
      </div>
    </section>
  );
}
