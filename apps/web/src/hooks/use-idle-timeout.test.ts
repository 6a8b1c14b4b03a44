// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useIdleTimeout } from './use-idle-timeout';

describe('useIdleTimeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls onIdle once after the timeout without activity', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleTimeout(60, onIdle));
    act(() => vi.advanceTimersByTime(59_999));
    expect(onIdle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onIdle).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(600_000));
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it.each([
    ['mouse', () => new MouseEvent('mousemove', { bubbles: true })],
    ['key', () => new KeyboardEvent('keydown', { key: 'a', bubbles: true })],
    ['click', () => new MouseEvent('click', { bubbles: true })],
    ['scroll', () => new Event('scroll')],
    ['touch', () => new Event('touchstart', { bubbles: true })],
  ])('%s activity resets the timer', (_name, event) => {
    const onIdle = vi.fn();
    renderHook(() => useIdleTimeout(60, onIdle));
    act(() => vi.advanceTimersByTime(50_000));
    act(() => {
      document.body.dispatchEvent(event());
    });
    act(() => vi.advanceTimersByTime(50_000));
    expect(onIdle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(10_000));
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it('the page becoming visible resets the timer', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleTimeout(60, onIdle));
    act(() => vi.advanceTimersByTime(50_000));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    act(() => vi.advanceTimersByTime(50_000));
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('activity after a held-back deadline ends the session instead of resetting it', () => {
    const onIdle = vi.fn();
    renderHook(() => useIdleTimeout(60, onIdle));
    // A background tab's timer did not fire, but the clock moved on.
    act(() => vi.setSystemTime(Date.now() + 120_000));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(onIdle).toHaveBeenCalledOnce();
  });

  it.each([null, undefined, 0])('does nothing when the timeout is %s', (timeout) => {
    const onIdle = vi.fn();
    renderHook(() => useIdleTimeout(timeout, onIdle));
    act(() => vi.advanceTimersByTime(10 ** 9));
    expect(onIdle).not.toHaveBeenCalled();
  });

  it('stops when unmounted and restarts when the timeout changes', () => {
    const onIdle = vi.fn();
    const { rerender, unmount } = renderHook(({ t }) => useIdleTimeout(t, onIdle), {
      initialProps: { t: 60 as number | null },
    });
    act(() => vi.advanceTimersByTime(30_000));
    rerender({ t: 120 });
    act(() => vi.advanceTimersByTime(90_000));
    expect(onIdle).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(30_000));
    expect(onIdle).toHaveBeenCalledOnce();
    unmount();
    act(() => vi.advanceTimersByTime(10 ** 6));
    expect(onIdle).toHaveBeenCalledOnce();
  });
});
