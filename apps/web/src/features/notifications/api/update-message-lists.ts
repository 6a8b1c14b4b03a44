import type { QueryClient } from '@tanstack/react-query';

import { messagesKeys, type MessagesFilter } from './get-messages';
import { REFETCH, type MessagesData } from './message-cache';

/** Runs `update` on every cached message list (each with its filter); lists answering REFETCH are refetched. */
export function updateMessageLists(
  queryClient: QueryClient,
  update: (data: MessagesData, filter: MessagesFilter) => MessagesData | typeof REFETCH,
): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: messagesKeys.lists() })) {
    const data = query.state.data as MessagesData | undefined;
    const filter = query.queryKey[2] as MessagesFilter | undefined;
    if (!data || !filter) continue;
    const next = update(data, filter);
    if (next === REFETCH) void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    else queryClient.setQueryData(query.queryKey, next);
  }
}
