import { NOTIFICATION_KINDS, type NotificationKind } from '@vocalis/domain/notification-preferences';
import clsx from 'clsx';
import { useId } from 'react';

import { toast } from '@/components/ui/toast/toast-store';
import { showErrorToast } from '@/lib/error-toast';

import {
  useNotificationPreferences,
  useUpdateNotificationPreferences,
} from '../api/notification-preferences';

const LABELS: Record<NotificationKind, { title: string; description: string }> = {
  webhook_disabled: {
    title: 'Webhook disabled',
    description: 'A notification when one of your webhooks is turned off after repeated failed deliveries.',
  },
  voice_library_removal: {
    title: 'Voice library removals',
    description: 'A notification when a voice you added from the voice library will stop working.',
  },
  billing_receipt: {
    title: 'Receipts',
    description: 'An email with the receipt of each payment. Invoices stay on the subscription page.',
  },
};

/** Which optional notices the user gets; each toggle is saved at once. Security emails are always sent. */
export function NotificationsSection() {
  const { data } = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  return (
    <section className="rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800">
      <h3 className="text-lg font-semibold text-zinc-900 dark:text-white">Notifications</h3>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Choose the optional notices you get. Security emails (verification, password reset, sign-in codes,
        email changes) are always sent.
      </p>
      {!data ? (
        <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">Loading…</p>
      ) : (
        <div className="mt-4 divide-y divide-zinc-200 dark:divide-zinc-800">
          {NOTIFICATION_KINDS.map((kind) => (
            <NotificationToggle
              key={kind}
              kind={kind}
              on={data[kind]}
              busy={update.isPending}
              onChange={(on) =>
                update.mutate(
                  { [kind]: on },
                  {
                    onSuccess: () => toast.success('Notification preferences saved.'),
                    onError: (error) => showErrorToast(error),
                  },
                )
              }
            />
          ))}
        </div>
      )}
    </section>
  );
}

function NotificationToggle(props: {
  kind: NotificationKind;
  on: boolean;
  busy: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  const { title, description } = LABELS[props.kind];
  return (
    <div className="flex items-center justify-between gap-4 py-4 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-zinc-900 dark:text-white">
          {title}
        </label>
        <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={props.on}
        disabled={props.busy}
        onClick={() => props.onChange(!props.on)}
        className={clsx(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:ring-4 focus-visible:ring-indigo-500/25 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50',
          props.on ? 'bg-indigo-600' : 'bg-zinc-300 dark:bg-zinc-700',
        )}
      >
        <span
          className={clsx(
            'block size-5 rounded-full bg-white shadow transition-transform',
            props.on ? 'translate-x-[22px]' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}
