import {
  visibleChecklistItems,
  type ChecklistItemDefinition,
  type ChecklistState,
} from '@vocalis/domain/onboarding-checklist';
import clsx from 'clsx';
import { Link } from 'react-router';

import { SuccessIcon } from '@/components/ui/icons';

export type ChecklistProgress = {
  /** The steps offered (products of this build), in display order. */
  items: ChecklistItemDefinition[];
  completed: ReadonlySet<string>;
  /** Completed offered steps. */
  done: number;
  percent: number;
};

/** The offered steps of a checklist and how many of them are done. */
export function checklistProgress(checklist: ChecklistState): ChecklistProgress {
  const items = visibleChecklistItems(checklist);
  const completed = new Set(
    checklist.items.filter((i) => i.is_completed).map((i) => i.onboarding_checklist_item_id),
  );
  const done = items.filter((item) => completed.has(item.id)).length;
  return { items, completed, done, percent: items.length ? Math.round((done / items.length) * 100) : 0 };
}

const linkClass =
  'shrink-0 text-sm font-medium text-indigo-600 hover:text-indigo-500 dark:text-indigo-400 dark:hover:text-indigo-300';

/** A progress bar of the offered steps. */
export function ChecklistProgressBar({ percent, className }: { percent: number; className?: string }) {
  return (
    <div
      className={clsx('h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800', className)}
      role="progressbar"
      aria-label="Checklist progress"
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className="h-full rounded-full bg-indigo-600 transition-all" style={{ width: `${percent}%` }} />
    </div>
  );
}

/**
 * The getting-started steps with their state and the page each one opens (the checklist page and the
 * start page both show it). Steps of products this build does not have are left out.
 */
export function ChecklistSteps({
  progress,
  compact = false,
}: {
  progress: ChecklistProgress;
  compact?: boolean;
}) {
  return (
    <ol
      className={clsx(
        'divide-y divide-zinc-200 dark:divide-zinc-800',
        !compact &&
          'overflow-hidden rounded-2xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900',
      )}
    >
      {progress.items.map((item) => {
        const done = progress.completed.has(item.id);
        return (
          <li
            key={item.id}
            className={clsx(
              'flex gap-3',
              compact ? 'items-center py-3' : 'items-start p-4 sm:items-center sm:p-5',
            )}
          >
            <span
              className={clsx(
                'flex shrink-0 items-center justify-center rounded-full border',
                compact ? 'size-6' : 'size-8',
                done
                  ? 'border-emerald-500 bg-emerald-500 text-white'
                  : 'border-zinc-300 text-transparent dark:border-zinc-700',
              )}
              aria-hidden
            >
              <SuccessIcon className={compact ? 'size-3.5' : 'size-4'} />
            </span>
            {/* On a phone the links go under the text; from sm up they sit at the row's end. */}
            <div
              className={clsx(
                'flex min-w-0 flex-1 gap-x-4 gap-y-2',
                compact ? 'items-center' : 'flex-col sm:flex-row sm:items-center',
              )}
            >
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
                {compact ? null : (
                  <p className="text-sm text-zinc-600 dark:text-zinc-400">{item.description}</p>
                )}
              </div>
              <div className="flex items-center gap-4">
                {item.docsHref && !compact ? (
                  // The docs are served by the API server, outside the app's router.
                  <a href={item.docsHref} className={linkClass}>
                    Read the docs<span className="sr-only"> about: {item.title}</span>
                  </a>
                ) : null}
                <Link to={item.href} className={linkClass}>
                  {done ? 'Open again' : 'Start'}
                  <span className="sr-only">: {item.title}</span>
                </Link>
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
