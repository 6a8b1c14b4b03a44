import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import clsx from 'clsx';

import { Button } from '@/components/ui/button';
import { BellIcon, CheckAllIcon, InboxIcon, Spinner } from '@/components/ui/icons';
import { useNow } from '@/hooks/use-now';

import { unreadCountOf, useMessages } from '../api/get-messages';
import { useMarkAllMessagesRead } from '../api/mark-all-messages-read';
import { useMarkMessageRead } from '../api/mark-message-read';
import { MessageItem } from './message-item';

const formatBadge = (count: number) => (count > 99 ? '99+' : String(count));

/** Header bell: unread badge and a panel of the newest messages; clicking one marks it read. */
export function NotificationsBell() {
  const messages = useMessages({ unreadOnly: false });
  const markRead = useMarkMessageRead();
  const markAll = useMarkAllMessagesRead();
  const now = useNow();

  const unread = unreadCountOf(messages.data) ?? 0;
  const items = messages.data?.pages[0]?.messages ?? [];
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="ghost" size="icon" aria-label={label} className="relative">
          <BellIcon className="size-5" />
          {unread > 0 ? (
            <span
              data-testid="unread-badge"
              className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-rose-500 px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-white tabular-nums dark:ring-zinc-950"
            >
              {formatBadge(unread)}
            </span>
          ) : null}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-[70] flex max-h-[min(32rem,var(--radix-dropdown-menu-content-available-height))] w-[min(24rem,calc(100vw-1.5rem))] animate-fade-in flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-xl shadow-zinc-900/10 dark:border-zinc-800 dark:bg-zinc-900 dark:shadow-black/40"
        >
          <div className="flex items-center justify-between gap-2 border-b border-zinc-100 px-4 py-3 dark:border-zinc-800">
            <DropdownMenu.Label className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
              Notifications
              {unread > 0 ? (
                <span className="ml-2 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300">
                  {unread} new
                </span>
              ) : null}
            </DropdownMenu.Label>
            <DropdownMenu.Item
              disabled={unread === 0 || markAll.isPending}
              onSelect={(event) => {
                event.preventDefault();
                markAll.mutate();
              }}
              className="flex cursor-pointer items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-indigo-600 outline-none data-[disabled]:cursor-default data-[disabled]:opacity-40 data-[highlighted]:bg-indigo-50 dark:text-indigo-400 dark:data-[highlighted]:bg-indigo-500/10"
            >
              <CheckAllIcon className="size-4" />
              Mark all as read
            </DropdownMenu.Item>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-1.5">
            {messages.isPending ? (
              <div className="flex items-center justify-center py-10 text-zinc-400">
                <Spinner className="size-5" />
              </div>
            ) : messages.isError ? (
              <div className="px-4 py-8 text-center text-sm text-zinc-500 dark:text-zinc-400">
                Notifications could not be loaded.{' '}
                <button
                  type="button"
                  className="font-medium text-indigo-600 underline dark:text-indigo-400"
                  onClick={() => void messages.refetch()}
                >
                  Retry
                </button>
              </div>
            ) : items.length === 0 ? (
              <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
                <InboxIcon className="size-8 text-zinc-300 dark:text-zinc-600" />
                <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300">No notifications yet</p>
                <p className="text-xs text-zinc-500 dark:text-zinc-400">
                  Updates about your account and jobs appear here.
                </p>
              </div>
            ) : (
              items.map((message) => (
                <DropdownMenu.Item
                  key={message.message_id}
                  onSelect={(event) => {
                    event.preventDefault();
                    if (!message.has_been_read) markRead.mutate(message.message_id);
                  }}
                  className={clsx(
                    'cursor-pointer rounded-xl px-2.5 py-2.5 outline-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800/70',
                    !message.has_been_read && 'bg-indigo-50/50 dark:bg-indigo-500/5',
                  )}
                >
                  <MessageItem message={message} now={now} compact />
                </DropdownMenu.Item>
              ))
            )}
          </div>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
