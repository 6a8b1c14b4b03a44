import { useCallback, useState } from 'react';

import type { Thumb } from '@/components/audio-player/audio-player-bar';
import { toast } from '@/components/ui/toast/toast-store';
import { showErrorToast } from '@/lib/error-toast';

import { useSendFeedback, type FeedbackBody } from '../api/send-feedback';
import { FEEDBACK_SUCCESS, opensFeedbackDialog } from '../lib/feedback-rules';

import type { Generation } from './use-generation';

/** Thumbs and the feedback dialog of the current generation (§5 feedback rules). */
export function useFeedback(current: Generation | null) {
  const [thumb, setThumb] = useState<Thumb | null>(null);
  const [dialog, setDialog] = useState<{ open: boolean; key: number }>({ open: false, key: 0 });
  const mutation = useSendFeedback();
  const id = current?.historyItemId ?? null;

  const send = useCallback(
    (body: FeedbackBody, announce: boolean) => {
      setDialog((d) => ({ ...d, open: false }));
      // Without a history item (a server that keeps no history) the thumb stays local.
      if (!id) return;
      mutation.mutate(
        { id, body },
        {
          onSuccess: () => {
            if (announce) toast.success(FEEDBACK_SUCCESS);
          },
          onError: (error) => showErrorToast(error),
        },
      );
    },
    [id, mutation],
  );

  const choose = useCallback(
    (next: Thumb) => {
      setThumb(next);
      const up = next === 'up';
      if (current && opensFeedbackDialog(up, current.text))
        setDialog((d) => ({ open: true, key: d.key + 1 }));
      else send({ thumbs_up: up }, true);
    },
    [current, send],
  );

  return {
    thumb,
    choose,
    reset: () => setThumb(null),
    dialog: {
      key: dialog.key,
      open: dialog.open,
      thumbsUp: thumb !== 'down',
      submitting: mutation.isPending,
      onSubmit: (body: FeedbackBody) => send(body, true),
      onSkip: () => send({ thumbs_up: thumb !== 'down' }, false),
    },
  };
}
