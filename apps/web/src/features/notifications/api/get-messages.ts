import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ListMessagesResponse } from '@vocalis/contracts/messages';

import { api } from '@/lib/api-client';

export const MESSAGES_PAGE_SIZE = 30;

export type MessagesFilter = { unreadOnly: boolean };

export const messagesKeys = {
  all: ['messages'] as const,
  lists: () => ['messages', 'list'] as const,
  list: (filter: MessagesFilter) => ['messages', 'list', filter] as const,
};

type GetMessagesParams = {
  unreadOnly: boolean;
  startAfterMessageId?: string;
  pageSize?: number;
  signal?: AbortSignal;
};

/** GET /v1/messages: newest first; `startAfterMessageId` (the last id of the previous page) pages back. */
export function getMessages({
  unreadOnly,
  startAfterMessageId,
  pageSize = MESSAGES_PAGE_SIZE,
  signal,
}: GetMessagesParams) {
  return api.get<ListMessagesResponse>('/v1/messages', {
    signal,
    params: {
      page_size: pageSize,
      start_after_message_id: startAfterMessageId,
      unread_only: unreadOnly ? 'true' : undefined,
    },
  });
}

export const messagesQueryOptions = (filter: MessagesFilter) =>
  infiniteQueryOptions({
    queryKey: messagesKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      getMessages({ unreadOnly: filter.unreadOnly, startAfterMessageId: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more ? last.messages.at(-1)?.message_id : undefined),
  });

export function useMessages(filter: MessagesFilter) {
  return useInfiniteQuery(messagesQueryOptions(filter));
}

/** The unread count carried by the newest page (kept current by live updates and mark-read calls). */
export function unreadCountOf(data: { pages: ListMessagesResponse[] } | undefined): number | undefined {
  return data?.pages[0]?.unread_count;
}
