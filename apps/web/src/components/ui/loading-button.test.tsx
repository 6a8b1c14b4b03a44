// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { LOADING_BUTTON_MIN_SPINNER_MS } from '@vocalis/domain/ui-constants';
import { describe, expect, it, vi } from 'vitest';

import '@/testing/test-utils';

import { LoadingButton } from './loading-button';

const spinner = () => screen.queryByTestId('loading-spinner');

describe('LoadingButton', () => {
  it('keeps the spinner for at least 400 ms even when loading ends sooner', () => {
    vi.useFakeTimers();
    const { rerender } = render(<LoadingButton loading>Save</LoadingButton>);
    expect(spinner()).not.toBeNull();

    act(() => void vi.advanceTimersByTime(50));
    rerender(<LoadingButton loading={false}>Save</LoadingButton>);
    expect(spinner()).not.toBeNull();
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);

    act(() => void vi.advanceTimersByTime(LOADING_BUTTON_MIN_SPINNER_MS - 50 - 1));
    expect(spinner()).not.toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(spinner()).toBeNull();
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(false);
  });

  it('hides the spinner at once when loading lasted longer than the minimum', () => {
    vi.useFakeTimers();
    const { rerender } = render(<LoadingButton loading>Save</LoadingButton>);
    act(() => void vi.advanceTimersByTime(1000));
    rerender(<LoadingButton loading={false}>Save</LoadingButton>);
    act(() => void vi.advanceTimersByTime(0));
    expect(spinner()).toBeNull();
  });

  it('shows no spinner when it never loaded', () => {
    render(<LoadingButton>Save</LoadingButton>);
    expect(spinner()).toBeNull();
  });
});
