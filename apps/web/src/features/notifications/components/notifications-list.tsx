import clsx from 'clsx';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { CheckAllIcon, InboxIcon } from '@/components/ui/icons';
import { LoadingButton } from '@/components/ui/loading-button';
import { useNow } from '@/hooks/use-now';

import { unreadCountOf, useMessages } from '../api/get-messages';
import { useMarkAllMessagesRead } from '../api/mark-all-messages-read';
import { useMarkMessageRead } from '../api/mark-message-read';
import { MessageItem } from './message-item';

const filters = [
  { key: 'all', label: 'All', unreadOnly: false },
  { key: 'unread', label: 'Unread', unreadOnly: true },
] as const;

function ListSkeleton() {
  return (
    <ul aria-hidden="true" className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {[0, 1, 2].map((i) => (
        <li key={i} className="flex animate-pulse items-start gap-3 px-5 py-4">
          <div className="size-8 rounded-full bg-zinc-200 dark:bg-zinc-800" />
          <div className="flex-1 space-y-2 py-1">
            <div className="h-3 w-1/3 rounded bg-zinc-200 dark:bg-zinc-800" />
            <div className="h-3 w-2/3 rounded bg-zinc-100 dark:bg-zinc-800/60" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The full notifications list: All/Unread filter, click to mark read, mark all, and paging back. */
export function NotificationsList() {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const messages = useMessages({ unreadOnly });
  const markRead = useMarkMessageRead();
  const markAll = useMarkAllMessagesRead();
  const now = useNow();

  const items = messages.data?.pages.flatMap((page) => page.messages) ?? [];
  const unread = unreadCountOf(messages.data) ?? 0;

  return (
    <section
      aria-labelledby="notifications-heading"
      className="overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-100 px-5 py-4 dark:border-zinc-800">
        <div>
          <h2 id="notifications-heading" className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
            Notifications
          </h2>
          <p className="text-sm text-zinc-500 dark:text-zinc-400">
            {unread === 0
              ? 'You are all caught up.'
              : `${unread} unread ${unread === 1 ? 'message' : 'messages'}`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <div
            role="tablist"
            aria-label="Filter notifications"
            className="flex rounded-lg bg-zinc-100 p-0.5 dark:bg-zinc-800"
          >
            {filters.map((f) => (
              <button
                key={f.key}
                type="button"
                role="tab"
                aria-selected={unreadOnly === f.unreadOnly}
                onClick={() => setUnreadOnly(f.unreadOnly)}
                className={clsx(
                  'rounded-md px-3 py-1 text-sm font-medium transition',
                  unreadOnly === f.unreadOnly
                    ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-700 dark:text-zinc-50'
                    : 'text-zinc-500 hover:text-zinc-800 dark:text-zinc-400 dark:hover:text-zinc-200',
                )}
              >
                {f.label}
              </button>
            ))}
          </div>
          <LoadingButton
            variant="secondary"
            size="sm"
            loading={markAll.isPending}
            disabled={unread === 0}
            onClick={() => markAll.mutate()}
          >
            {markAll.isPending ? null : <CheckAllIcon className="size-4" />}
            Mark all as read
          </LoadingButton>
        </div>
      </header>

      {messages.isPending ? (
        <ListSkeleton />
      ) : messages.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 px-5 py-12 text-center">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Notifications could not be loaded.</p>
          <Button variant="secondary" size="sm" onClick={() => void messages.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-5 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-zinc-100 dark:bg-zinc-800">
            <InboxIcon className="size-6 text-zinc-400" />
          </span>
          <p className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {unreadOnly ? 'No unread notifications' : 'No notifications yet'}
          </p>
          <p className="max-w-xs text-sm text-zinc-500 dark:text-zinc-400">
            {unreadOnly
              ? 'Everything has been read. New messages show up here as they arrive.'
              : 'Messages about your account, usage and finished jobs will show up here as they arrive.'}
          </p>
        </div>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {items.map((message) => (
            <li key={message.message_id}>
              <button
                type="button"
                onClick={() => !message.has_been_read && markRead.mutate(message.message_id)}
                title={message.has_been_read ? undefined : 'Mark as read'}
                className={clsx(
                  'w-full px-5 py-4 transition hover:bg-zinc-50 dark:hover:bg-zinc-800/50',
                  !message.has_been_read && 'bg-indigo-50/40 dark:bg-indigo-500/[0.04]',
                  message.has_been_read && 'cursor-default',
                )}
              >
                <MessageItem message={message} now={now} />
              </button>
            </li>
          ))}
        </ul>
      )}

      {messages.hasNextPage ? (
        <div className="border-t border-zinc-100 px-5 py-3 text-center dark:border-zinc-800">
          <LoadingButton
            variant="ghost"
            size="sm"
            loading={messages.isFetchingNextPage}
            onClick={() => void messages.fetchNextPage()}
          >
            Load older notifications
          </LoadingButton>
        </div>
      ) : null}
    </section>
  );
}
