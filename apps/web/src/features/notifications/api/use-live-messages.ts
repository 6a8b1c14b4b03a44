import { useQueryClient } from '@tanstack/react-query';
import { message as messageSchema } from '@vocalis/contracts/messages';

import { toastStore } from '@/components/ui/toast/toast-store';
import { useLiveCollection } from '@/lib/live';

import { applyMessageChange } from './message-cache';
import { updateMessageLists } from './update-message-lists';

/**
 * Keeps every cached message list current from /v1/live: a new message appears and the unread
 * count moves without a reload; a new message that needs attention also raises a toast.
 */
export function useLiveMessages(): void {
  const queryClient = useQueryClient();
  useLiveCollection('message', (change) => {
    const parsed = change.data === null ? null : messageSchema.safeParse(change.data);
    const safeChange = { ...change, data: parsed?.success ? parsed.data : null };
    updateMessageLists(queryClient, (data, filter) => applyMessageChange(data, safeChange, filter));

    if (
      change.op === 'insert' &&
      parsed?.success &&
      parsed.data.needs_attention &&
      !parsed.data.has_been_read
    ) {
      toastStore.show({
        variant: parsed.data.severity,
        title: parsed.data.title,
        description: parsed.data.description,
      });
    }
  });
}
