import { toastPlacement } from '@vocalis/domain/ui-constants';
import clsx from 'clsx';
import { useEffect, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';

import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '../icons';
import { toastStore as defaultStore, type Toast, type ToastStore, type ToastVariant } from './toast-store';

const variantStyles: Record<ToastVariant, { icon: typeof InfoIcon; tone: string }> = {
  info: { icon: InfoIcon, tone: 'text-sky-500 dark:text-sky-400' },
  success: { icon: SuccessIcon, tone: 'text-emerald-500 dark:text-emerald-400' },
  warning: { icon: WarningIcon, tone: 'text-amber-500 dark:text-amber-400' },
  error: { icon: ErrorIcon, tone: 'text-rose-500 dark:text-rose-400' },
};

// Keyboard focus keeps the global outline (a ring like every other control), plus the underline.
const actionClasses =
  'rounded-sm text-sm font-medium text-indigo-600 underline-offset-2 hover:underline focus-visible:underline dark:text-indigo-400';

/** An address with a scheme (https:, mailto:) leaves the app: the appeal page opens beside the sign-in form. */
const isExternal = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href);

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const { icon: VariantIcon, tone } = variantStyles[toast.variant];
  return (
    <li
      role={toast.variant === 'error' ? 'alert' : 'status'}
      data-variant={toast.variant}
      className="pointer-events-auto flex w-full animate-toast-in items-start gap-3 rounded-xl border border-zinc-200 bg-white p-4 shadow-lg shadow-zinc-900/5 dark:border-zinc-800 dark:bg-zinc-900 dark:shadow-black/30"
    >
      <VariantIcon className={clsx('mt-0.5 size-5 shrink-0', tone)} />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-zinc-900 dark:text-zinc-50">{toast.title}</p>
        {toast.description ? (
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{toast.description}</p>
        ) : null}
        {toast.actions?.length ? (
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
            {toast.actions.map((action) =>
              action.href && isExternal(action.href) ? (
                <a
                  key={action.label}
                  href={action.href}
                  {...(action.href.startsWith('mailto:')
                    ? {}
                    : { target: '_blank', rel: 'noopener noreferrer' })}
                  onClick={onDismiss}
                  className={actionClasses}
                >
                  {action.label}
                </a>
              ) : action.href ? (
                <Link key={action.label} to={action.href} onClick={onDismiss} className={actionClasses}>
                  {action.label}
                </Link>
              ) : (
                <button
                  key={action.label}
                  type="button"
                  className={actionClasses}
                  onClick={() => {
                    onDismiss();
                    action.onClick?.();
                  }}
                >
                  {action.label}
                </button>
              ),
            )}
          </div>
        ) : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss notification"
        className="-m-1 rounded-md p-1 text-zinc-400 transition hover:bg-zinc-100 hover:text-zinc-600 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
      >
        <CloseIcon className="size-4" />
      </button>
    </li>
  );
}

/**
 * Renders the toast queue; placement follows the page (top-centre on sign-in/sign-up, bottom-right elsewhere),
 * and leaving a page closes the toasts bound to it.
 */
export function Toaster({ store = defaultStore }: { store?: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const { pathname } = useLocation();
  const placement = toastPlacement(pathname);
  // Toasts about one page (a failed sign-in) close when the user moves on.
  useEffect(() => store.setPage(pathname), [store, pathname]);

  return (
    <section aria-label="Notifications" aria-live="polite" data-placement={placement}>
      <ol
        className={clsx(
          'pointer-events-none fixed z-[100] flex w-[calc(100%-2rem)] max-w-sm flex-col gap-2',
          placement === 'top-center'
            ? 'top-4 left-1/2 -translate-x-1/2'
            : // Above the fixed player bar when there is one (audio-player/reserve-bottom.ts).
              'right-4 bottom-[calc(var(--player-bar-height,0px)+1rem)]',
        )}
      >
        {toasts.map((t) => (
          <ToastCard key={t.id} toast={t} onDismiss={() => store.dismiss(t.id)} />
        ))}
      </ol>
    </section>
  );
}
