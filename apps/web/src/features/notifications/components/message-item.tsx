import type { Message } from '@vocalis/contracts/messages';
import { formatRelativeTime } from '@vocalis/domain/relative-time';
import clsx from 'clsx';

import { SeverityIcon } from './severity-icon';

type MessageItemProps = {
  message: Message;
  now: number;
  /** Clamp the description to two lines (the header panel); the full list shows it whole. */
  compact?: boolean;
};

/** One notification: severity, title, description, relative time and an unread dot. */
export function MessageItem({ message, now, compact = false }: MessageItemProps) {
  const unread = !message.has_been_read;
  return (
    <div className="flex w-full items-start gap-3 text-left">
      <SeverityIcon severity={message.severity} />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <p
            className={clsx(
              'min-w-0 flex-1 truncate text-sm',
              unread
                ? 'font-semibold text-zinc-900 dark:text-zinc-50'
                : 'font-medium text-zinc-700 dark:text-zinc-300',
            )}
          >
            {message.title}
          </p>
          <time
            dateTime={new Date(message.create_date_unix_ms).toISOString()}
            title={new Date(message.create_date_unix_ms).toLocaleString()}
            className="shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400"
          >
            {/* Clamped: a server clock slightly ahead must not read as "in 1 second". */}
            {formatRelativeTime(Math.min(message.create_date_unix_ms, now), now)}
          </time>
        </div>
        {message.description ? (
          <p className={clsx('mt-0.5 text-sm text-zinc-600 dark:text-zinc-400', compact && 'line-clamp-2')}>
            {message.description}
          </p>
        ) : null}
        {message.needs_attention && unread ? (
          <span className="mt-1.5 inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-medium text-amber-800 dark:bg-amber-500/15 dark:text-amber-300">
            Needs attention
          </span>
        ) : null}
      </div>
      <span
        aria-label={unread ? 'Unread' : undefined}
        className={clsx('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-indigo-500' : 'bg-transparent')}
      />
    </div>
  );
}
