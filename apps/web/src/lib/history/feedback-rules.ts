/** "feedback 20 to 200 characters, auto-dialog threshold 400" (§9). */
export const FEEDBACK_MIN = 20;
export const FEEDBACK_MAX = 200;
export const FEEDBACK_AUTO_DIALOG_MAX_TEXT = 400;
export const FEEDBACK_TOO_SHORT = 'Feedback must be at least 20 characters long';
export const FEEDBACK_SUCCESS = 'Your feedback has been submitted. Thank you';

/** "opens automatically for thumbs-up only when the text is 400 characters or fewer, and always for thumbs-down". */
export function opensFeedbackDialog(thumbsUp: boolean, generatedText: string): boolean {
  return !thumbsUp || generatedText.length <= FEEDBACK_AUTO_DIALOG_MAX_TEXT;
}

/** The error for a feedback text, or null: empty is fine, otherwise 20 to 200 characters. */
export function feedbackTextError(text: string): string | null {
  const length = text.trim().length;
  if (length === 0) return null;
  return length < FEEDBACK_MIN ? FEEDBACK_TOO_SHORT : null;
}

/** "Negative feedback offers checkboxes" (§5), with the body field each one sets. */
export const NEGATIVE_REASONS = [
  { key: 'emotions', label: 'Audio monotone and lacks emotions' },
  { key: 'inaccurate_clone', label: 'Voice not similar to selected speaker' },
  { key: 'glitches', label: 'Voice changes across the output' },
  { key: 'audio_quality', label: 'Audio generated is of poor quality' },
  { key: 'other', label: 'Other' },
] as const;
export type NegativeReason = (typeof NEGATIVE_REASONS)[number]['key'];
