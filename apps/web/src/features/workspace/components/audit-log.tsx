import { formatRelativeTime } from '@vocalis/domain/relative-time';

import { Spinner } from '@/components/ui/icons';
import { useNow } from '@/hooks/use-now';
import { errorToastMessage } from '@/lib/error-toast';

import { useAuditLog } from '../api/workspace-api';

/** The newest 50 entries of the workspace's audit log (admins). */
export function AuditLog() {
  const log = useAuditLog(true);
  const now = useNow();
  if (log.isPending) return <Spinner className="size-5" />;
  if (log.isError)
    return (
      <p role="alert" className="text-sm text-rose-600">
        {errorToastMessage(log.error)}
      </p>
    );
  if (log.data.entries.length === 0)
    return <p className="text-sm text-zinc-500">No administrative changes yet.</p>;
  return (
    <ul className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800">
      {log.data.entries.map((e) => (
        <li
          key={e.id}
          data-testid="audit-entry"
          className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-2.5"
        >
          <span className="font-medium text-zinc-900 dark:text-white">{e.message}</span>
          <span className="text-xs text-zinc-500 dark:text-zinc-400">
            {e.actor.user.email_addr ?? 'unknown'} · {formatRelativeTime(Math.min(e.time, now), now)}
            {e.device.ip ? ` · ${e.device.ip}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
