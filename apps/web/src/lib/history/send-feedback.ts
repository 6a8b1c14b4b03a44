import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** The body of POST /v1/history/{id}/feedback (contracts/history.ts historyFeedbackBody). */
export type FeedbackBody = {
  thumbs_up: boolean;
  feedback?: string | null;
  emotions?: boolean;
  inaccurate_clone?: boolean;
  glitches?: boolean;
  audio_quality?: boolean;
  other?: boolean;
};

/** POST /v1/history/{id}/feedback. */
export function sendFeedback(historyItemId: string, body: FeedbackBody) {
  return api.post<{ status: 'ok'; message: string }>(
    `/v1/history/${encodeURIComponent(historyItemId)}/feedback`,
    body,
  );
}

export function useSendFeedback() {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FeedbackBody }) => sendFeedback(id, body),
  });
}
