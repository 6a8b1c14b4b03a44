import { describe, expect, it } from 'vitest';
import {
  canChangeFeedback,
  FEEDBACK_TOO_LONG,
  FEEDBACK_TOO_SHORT,
  feedbackTextError,
} from './history-feedback';

// content-and-workspace.md §5: "Positive feedback text, if entered, must be at least 20 and at most 200
// characters … Otherwise: 'Feedback must be at least 20 characters long'."
describe('feedbackTextError', () => {
  it.each([
    ['', true, null],
    [null, true, null],
    ['x'.repeat(19), true, FEEDBACK_TOO_SHORT],
    ['x'.repeat(20), true, null],
    ['x'.repeat(200), true, null],
    ['x'.repeat(201), true, FEEDBACK_TOO_LONG],
    ['too short', false, null],
    ['x'.repeat(201), false, FEEDBACK_TOO_LONG],
  ])('%s (thumbs up %s) -> %s', (text, thumbsUp, expected) => {
    expect(feedbackTextError(text, thumbsUp)).toBe(expected);
  });

  it('quotes the spec message', () => {
    expect(FEEDBACK_TOO_SHORT).toBe('Feedback must be at least 20 characters long');
  });
});

// §4: "Feedback: it cannot be changed once review_status is not not_reviewed."
describe('canChangeFeedback', () => {
  it.each([
    [null, true],
    ['not_reviewed', true],
    ['reviewed', false],
    ['actioned', false],
  ])('%s -> %s', (status, expected) => expect(canChangeFeedback(status)).toBe(expected));
});
