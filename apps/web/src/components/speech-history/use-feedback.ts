import { useCallback, useState } from 'react';

import type { Thumb } from '@/components/audio-player/audio-player-bar';
import { toast } from '@/components/ui/toast/toast-store';
import { showErrorToast } from '@/lib/error-toast';

import { useSendFeedback, type FeedbackBody } from '@/lib/history/send-feedback';
import { FEEDBACK_SUCCESS, opensFeedbackDialog } from '@/lib/history/feedback-rules';

/** What the thumbs are about: a stored generation (or a streamed one without history) and its text. */
export type FeedbackTarget = {
  historyItemId: string | null;
  text: string;
  /** The thumb already given (a history item's stored feedback). */
  thumbsUp?: boolean | null;
};

const thumbOf = (target: FeedbackTarget | null): Thumb | null =>
  target?.thumbsUp === true ? 'up' : target?.thumbsUp === false ? 'down' : null;

/**
 * Thumbs and the feedback dialog of what the player plays (§5 feedback rules), on the text-to-speech
 * page and the history alike. A new target starts from its stored thumb.
 */
export function useFeedback(current: FeedbackTarget | null) {
  const [thumb, setThumb] = useState<Thumb | null>(() => thumbOf(current));
  const [shownFor, setShownFor] = useState(current);
  if (shownFor !== current) {
    setShownFor(current);
    setThumb(thumbOf(current));
  }
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
