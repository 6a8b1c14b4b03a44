// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { FEEDBACK_TOO_SHORT, opensFeedbackDialog } from '@/lib/history/feedback-rules';

import { FeedbackDialog } from './feedback-dialog';

function setup(thumbsUp: boolean) {
  const onSubmit = vi.fn();
  const onSkip = vi.fn();
  renderWithProviders(
    <FeedbackDialog open thumbsUp={thumbsUp} submitting={false} onSubmit={onSubmit} onSkip={onSkip} />,
  );
  return { onSubmit, onSkip };
}

describe('FeedbackDialog', () => {
  it('is titled "Describe the tone and situation" and skips', () => {
    const { onSkip } = setup(true);
    expect(screen.getByRole('dialog', { name: 'Describe the tone and situation' })).toBeTruthy();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(onSkip).toHaveBeenCalled();
  });

  it('refuses a text under 20 characters, counts up to 200, then submits', () => {
    const { onSubmit } = setup(true);
    const box = screen.getByLabelText('Feedback');
    fireEvent.change(box, { target: { value: 'Too short' } });
    expect(screen.getByText('9 / 200')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(FEEDBACK_TOO_SHORT)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: 'A warm, calm narrator reading a story.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        thumbs_up: true,
        feedback: 'A warm, calm narrator reading a story.',
        glitches: false,
      }),
    );
  });

  it('offers the five negative reasons for a thumbs-down and sends the ticked ones', () => {
    const { onSubmit } = setup(false);
    expect(screen.getAllByRole('checkbox')).toHaveLength(5);
    fireEvent.click(screen.getByLabelText('Voice changes across the output'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ thumbs_up: false, feedback: null, glitches: true, emotions: false }),
    );
  });
});

describe('opensFeedbackDialog', () => {
  it.each([
    [true, 400, true],
    [true, 401, false],
    [false, 5000, true],
  ])('thumbs up %s with %s characters → %s', (up, length, want) =>
    expect(opensFeedbackDialog(up, 'x'.repeat(length))).toBe(want),
  );
});
