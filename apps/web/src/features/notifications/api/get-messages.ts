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
  beforeUnixMs?: number;
  pageSize?: number;
  signal?: AbortSignal;
};

/** GET /v1/messages: newest first; `beforeUnixMs` pages back. */
export function getMessages({
  unreadOnly,
  beforeUnixMs,
  pageSize = MESSAGES_PAGE_SIZE,
  signal,
}: GetMessagesParams) {
  return api.get<ListMessagesResponse>('/v1/messages', {
    signal,
    params: {
      page_size: pageSize,
      before_unix_ms: beforeUnixMs,
      unread_only: unreadOnly ? 'true' : undefined,
    },
  });
}

export const messagesQueryOptions = (filter: MessagesFilter) =>
  infiniteQueryOptions({
    queryKey: messagesKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      getMessages({ unreadOnly: filter.unreadOnly, beforeUnixMs: pageParam, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.messages.at(-1)?.create_date_unix_ms : undefined),
  });

export function useMessages(filter: MessagesFilter) {
  return useInfiniteQuery(messagesQueryOptions(filter));
}

/** The unread count carried by the newest page (kept current by live updates and mark-read calls). */
export function unreadCountOf(data: { pages: ListMessagesResponse[] } | undefined): number | undefined {
  return data?.pages[0]?.unread_count;
}
