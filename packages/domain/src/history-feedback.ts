/**
 * Feedback rules (content-and-workspace.md §5, §4, §8): "Positive feedback text, if entered, must be at
 * least 20 and at most 200 characters (with a counter). Otherwise: 'Feedback must be at least 20
 * characters long'." and "it cannot be changed once review_status is not not_reviewed".
 */

export const FEEDBACK_MIN_LENGTH = 20;
export const FEEDBACK_MAX_LENGTH = 200;
export const FEEDBACK_TOO_SHORT = 'Feedback must be at least 20 characters long';
export const FEEDBACK_TOO_LONG = 'Feedback must be at most 200 characters long';
export const FEEDBACK_ALREADY_REVIEWED = 'This feedback cannot be changed as it was already reviewed.';
export const FEEDBACK_SUBMITTED = 'Your feedback has been submitted. Thank you';
export const NOT_REVIEWED = 'not_reviewed';

/**
 * Why a feedback text is refused, or null when it passes. An empty text always passes; a thumbs-up
 * text must be 20–200 characters; a thumbs-down text only the 200-character maximum (the spec's
 * rule is for positive feedback).
 */
export function feedbackTextError(text: string | null | undefined, thumbsUp: boolean): string | null {
  const length = Array.from(text?.trim() ?? '').length;
  if (length === 0) return null;
  if (thumbsUp && length < FEEDBACK_MIN_LENGTH) return FEEDBACK_TOO_SHORT;
  if (length > FEEDBACK_MAX_LENGTH) return FEEDBACK_TOO_LONG;
  return null;
}

/** Whether feedback with this review status may still be changed. */
export const canChangeFeedback = (reviewStatus: string | null | undefined): boolean =>
  (reviewStatus ?? NOT_REVIEWED) === NOT_REVIEWED;
