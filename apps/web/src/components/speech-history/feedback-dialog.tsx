import clsx from 'clsx';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { inputClasses } from '@/components/ui/input';
import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';

import type { FeedbackBody } from '@/lib/history/send-feedback';
import {
  FEEDBACK_MAX,
  feedbackTextError,
  NEGATIVE_REASONS,
  type NegativeReason,
} from '@/lib/history/feedback-rules';

type FeedbackDialogProps = {
  open: boolean;
  thumbsUp: boolean;
  submitting: boolean;
  onSubmit: (body: FeedbackBody) => void;
  /** Skip: the thumb alone is sent. */
  onSkip: () => void;
};

/** "Describe the tone and situation", with Skip and Submit (§2); checkboxes for a thumbs-down (§5). */
export function FeedbackDialog({ open, thumbsUp, submitting, onSubmit, onSkip }: FeedbackDialogProps) {
  const [text, setText] = useState('');
  const [reasons, setReasons] = useState<Set<NegativeReason>>(new Set());
  const [touched, setTouched] = useState(false);
  const error = touched ? feedbackTextError(text) : null;

  const submit = () => {
    setTouched(true);
    if (feedbackTextError(text)) return;
    const flags = Object.fromEntries(NEGATIVE_REASONS.map((r) => [r.key, !thumbsUp && reasons.has(r.key)]));
    onSubmit({ thumbs_up: thumbsUp, feedback: text.trim() || null, ...flags });
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : onSkip())}
      title="Describe the tone and situation"
    >
      <div className="space-y-4">
        {!thumbsUp ? (
          <fieldset className="space-y-2">
            <legend className="mb-2 text-sm font-medium text-zinc-800 dark:text-zinc-200">
              What went wrong?
            </legend>
            {NEGATIVE_REASONS.map((reason) => (
              <label
                key={reason.key}
                className="flex items-center gap-2.5 text-sm text-zinc-700 dark:text-zinc-300"
              >
                <input
                  type="checkbox"
                  checked={reasons.has(reason.key)}
                  onChange={(event) => {
                    const next = new Set(reasons);
                    if (event.currentTarget.checked) next.add(reason.key);
                    else next.delete(reason.key);
                    setReasons(next);
                  }}
                  className="size-4 rounded accent-zinc-900 dark:accent-zinc-100"
                />
                {reason.label}
              </label>
            ))}
          </fieldset>
        ) : null}
        <div className="space-y-1.5">
          <label htmlFor="feedback-text" className="sr-only">
            Feedback
          </label>
          <textarea
            id="feedback-text"
            value={text}
            maxLength={FEEDBACK_MAX}
            rows={4}
            placeholder="e.g. A calm narrator reading a bedtime story…"
            onChange={(event) => setText(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            aria-invalid={error ? true : undefined}
            className={clsx(inputClasses, 'h-auto resize-none py-2')}
          />
          <div className="flex justify-between gap-2 text-xs">
            <span role={error ? 'alert' : undefined} className="text-rose-600 dark:text-rose-400">
              {error}
            </span>
            <span className="text-zinc-500 tabular-nums dark:text-zinc-400">
              {text.length} / {FEEDBACK_MAX}
            </span>
          </div>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onSkip} disabled={submitting}>
            Skip
          </Button>
          <LoadingButton loading={submitting} onClick={submit}>
            Submit
          </LoadingButton>
        </div>
      </div>
    </Modal>
  );
}
