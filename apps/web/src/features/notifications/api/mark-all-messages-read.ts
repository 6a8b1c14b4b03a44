import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { markReadResponse } from '@vocalis/contracts/messages';
import type { z } from 'zod';

import { api } from '@/lib/api-client';
import { showErrorToast } from '@/lib/error-toast';

import { messagesKeys } from './get-messages';
import { markReadInCache } from './message-cache';
import { updateMessageLists } from './update-message-lists';

/** POST /v1/messages/read-all. */
export function markAllMessagesRead() {
  return api.post<z.infer<typeof markReadResponse>>('/v1/messages/read-all');
}

export function useMarkAllMessagesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllMessagesRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: messagesKeys.lists() });
      updateMessageLists(queryClient, (data) => markReadInCache(data, 'all'));
    },
    onSuccess: ({ unread_count }) =>
      updateMessageLists(queryClient, (data) => markReadInCache(data, 'all', unread_count)),
    onError: (error) => {
      showErrorToast(error);
      void queryClient.invalidateQueries({ queryKey: messagesKeys.all });
    },
  });
}
