import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { markReadResponse } from '@vocalis/contracts/messages';
import type { z } from 'zod';

import { api } from '@/lib/api-client';
import { showErrorToast } from '@/lib/error-toast';

import { messagesKeys } from './get-messages';
import { markReadInCache } from './message-cache';
import { updateMessageLists } from './update-message-lists';

type MarkReadResponse = z.infer<typeof markReadResponse>;

/** POST /v1/messages/{message_id}/read. */
export function markMessageRead(messageId: string) {
  return api.post<MarkReadResponse>(`/v1/messages/${encodeURIComponent(messageId)}/read`);
}

/** Marks a message read at once in every cached list, then applies the server's unread count. */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessageRead,
    onMutate: async (messageId) => {
      await queryClient.cancelQueries({ queryKey: messagesKeys.lists() });
      updateMessageLists(queryClient, (data) => markReadInCache(data, messageId));
    },
    onSuccess: ({ unread_count }, messageId) =>
      updateMessageLists(queryClient, (data) => markReadInCache(data, messageId, unread_count)),
    onError: (error) => {
      showErrorToast(error);
      void queryClient.invalidateQueries({ queryKey: messagesKeys.all });
    },
  });
}
