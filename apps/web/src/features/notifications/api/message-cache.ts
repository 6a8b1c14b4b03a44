import type { InfiniteData } from '@tanstack/react-query';
import type { ListMessagesResponse, Message } from '@vocalis/contracts/messages';

import type { LiveChange } from '@/lib/live-client';

import type { MessagesFilter } from './get-messages';

export type MessagesData = InfiniteData<ListMessagesResponse, number | undefined>;

/** Marker: the cache cannot be patched reliably, refetch instead. */
export const REFETCH = 'refetch' as const;

function withCount(data: MessagesData, pages: ListMessagesResponse[], unreadCount: number): MessagesData {
  const count = Math.max(0, unreadCount);
  return { ...data, pages: pages.map((page) => ({ ...page, unread_count: count })) };
}

function findMessage(data: MessagesData, id: string): Message | undefined {
  for (const page of data.pages) {
    const found = page.messages.find((m) => m.message_id === id);
    if (found) return found;
  }
  return undefined;
}

const currentCount = (data: MessagesData) => data.pages[0]?.unread_count ?? 0;

/** Marks one message (or all) as read in a cached list; `unreadCount` from the server wins when given. */
export function markReadInCache(
  data: MessagesData,
  target: string | 'all',
  unreadCount?: number,
): MessagesData {
  let newlyRead = 0;
  const pages = data.pages.map((page) => ({
    ...page,
    messages: page.messages.map((m) => {
      if (m.has_been_read || (target !== 'all' && m.message_id !== target)) return m;
      newlyRead++;
      return { ...m, has_been_read: true };
    }),
  }));
  const fallback = target === 'all' ? 0 : currentCount(data) - newlyRead;
  return withCount(data, pages, unreadCount ?? fallback);
}

function insertSorted(data: MessagesData, message: Message): ListMessagesResponse[] {
  const pages = data.pages.map((page) => ({ ...page, messages: [...page.messages] }));
  for (const [index, page] of pages.entries()) {
    const at = page.messages.findIndex((m) => m.create_date_unix_ms < message.create_date_unix_ms);
    const isLastPage = index === pages.length - 1;
    if (at !== -1) {
      page.messages.splice(at, 0, message);
      return pages;
    }
    // Older than everything loaded: it belongs here only if nothing older remains on the server.
    if (isLastPage && !page.has_more) page.messages.push(message);
  }
  if (pages.length === 0) pages.push({ messages: [message], unread_count: 0, has_more: false });
  return pages;
}

function matches(filter: MessagesFilter, message: Message) {
  return !filter.unreadOnly || !message.has_been_read;
}

/**
 * Applies one live change of the 'message' collection to a cached list. Returns REFETCH when the
 * change cannot be applied from what the cache knows (no document, or a message outside the loaded pages).
 */
export function applyMessageChange(
  data: MessagesData,
  change: LiveChange,
  filter: MessagesFilter,
): MessagesData | typeof REFETCH {
  const existing = findMessage(data, change.id);

  if (change.op === 'delete') {
    if (!existing) return filter.unreadOnly ? data : REFETCH;
    const pages = data.pages.map((page) => ({
      ...page,
      messages: page.messages.filter((m) => m.message_id !== change.id),
    }));
    return withCount(data, pages, currentCount(data) - (existing.has_been_read ? 0 : 1));
  }

  const message = change.data as Message | null;
  if (!message) return REFETCH;

  if (!existing) {
    if (change.op === 'update') {
      // Known not to be in an unread-only list and still read: nothing changes there.
      if (filter.unreadOnly && message.has_been_read) return data;
      return REFETCH;
    }
    const delta = message.has_been_read ? 0 : 1;
    const pages = matches(filter, message) ? insertSorted(data, message) : data.pages;
    return withCount(data, pages, currentCount(data) + delta);
  }

  const delta = Number(existing.has_been_read) - Number(message.has_been_read);
  const pages = data.pages.map((page) => ({
    ...page,
    messages: page.messages.map((m) => (m.message_id === change.id ? message : m)),
  }));
  return withCount(data, pages, currentCount(data) + delta);
}
