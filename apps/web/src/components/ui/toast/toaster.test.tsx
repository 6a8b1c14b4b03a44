// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import { TOAST_AUTO_CLOSE_MS } from '@vocalis/domain/ui-constants';
import { MemoryRouter, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import '@/testing/test-utils';

import { Toaster } from './toaster';
import { createToastStore, toast, toastStore } from './toast-store';

function renderToaster(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Toaster />
    </MemoryRouter>,
  );
}

const titles = () => toastStore.getSnapshot().map((t) => t.title);

describe('toasts', () => {
  it('closes a toast after exactly 5555 ms', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    store.show({ variant: 'info', title: 'Saved' });
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
    expect(TOAST_AUTO_CLOSE_MS).toBe(5555);
  });

  it('shows a repeated toast once, in the newest place, with its full time again', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    store.show({ variant: 'success', title: 'Your email address was successfully verified.' });
    vi.advanceTimersByTime(3000);
    store.show({ variant: 'info', title: 'Saved' });
    store.show({ variant: 'success', title: 'Your email address was successfully verified.' });
    expect(store.getSnapshot().map((t) => t.title)).toEqual([
      'Saved',
      'Your email address was successfully verified.',
    ]);
    // The first one's time is up; the repeat keeps showing for its own full time.
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 3000);
    expect(store.getSnapshot()).toHaveLength(2);
    vi.advanceTimersByTime(2999);
    expect(store.getSnapshot()).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
    // Same title, other variant: a different message.
    store.show({ variant: 'error', title: 'Unable to sign in' });
    store.show({ variant: 'info', title: 'Unable to sign in' });
    expect(store.getSnapshot()).toHaveLength(2);
  });

  it('shows at most 3 toasts and drops the oldest', () => {
    vi.useFakeTimers();
    renderToaster('/app/home');
    act(() => {
      ['one', 'two', 'three', 'four'].forEach((title) => toast.info(title));
    });
    expect(titles()).toEqual(['two', 'three', 'four']);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).queryByText('one')).toBeNull();
    expect(within(region).getAllByRole('status')).toHaveLength(3);
  });

  it('keeps each toast on its own timer after older ones were dropped', () => {
    vi.useFakeTimers();
    const store = createToastStore();
    store.show({ variant: 'info', title: 'a' });
    vi.advanceTimersByTime(3000);
    store.show({ variant: 'info', title: 'b' });
    vi.advanceTimersByTime(TOAST_AUTO_CLOSE_MS - 3000);
    expect(store.getSnapshot().map((t) => t.title)).toEqual(['b']);
    vi.advanceTimersByTime(3000);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it.each([
    ['/sign-in', 'top-center'],
    ['/sign-up', 'top-center'],
    ['/app/home', 'bottom-right'],
    ['/', 'bottom-right'],
  ])('places toasts on %s at %s', (path, placement) => {
    renderToaster(path);
    act(() => void toast.error('Unable to sign in'));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.getAttribute('data-placement')).toBe(placement);
    const list = region.querySelector('ol');
    // Bottom-right sits 1rem above the player bar's reserved height (0 without a player).
    expect(list?.className).toContain(
      placement === 'top-center' ? 'top-4' : 'bottom-[calc(var(--player-bar-height,0px)+1rem)]',
    );
    expect(within(region).getByRole('alert').textContent).toContain('Unable to sign in');
  });

  it('closes a toast bound to a page when the user leaves that page, and keeps the others', () => {
    let go: (path: string) => void = () => undefined;
    function Leave() {
      const navigate = useNavigate();
      go = (path) => void navigate(path);
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/sign-in']}>
        <Toaster />
        <Leave />
      </MemoryRouter>,
    );
    act(() => {
      toast.show({
        variant: 'error',
        title: 'No user is found with the provided credentials',
        page: '/sign-in',
      });
      toast.success('Your email address was successfully verified.');
    });
    // Same page, other query: still the page the failure belongs to.
    act(() => go('/sign-in?redirect=%2Fapp%2Fusage'));
    expect(titles()).toHaveLength(2);
    act(() => go('/app/onboarding'));
    expect(titles()).toEqual(['Your email address was successfully verified.']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does not show a page-bound toast raised for a page the user already left', () => {
    renderToaster('/app/home');
    act(() => void toast.show({ variant: 'error', title: 'Unable to sign in', page: '/sign-in' }));
    expect(titles()).toEqual([]);
  });

  it('opens an outside address (the appeal page) in a new tab and keeps app links in the app', () => {
    renderToaster('/sign-in');
    act(() => {
      toast.show({
        variant: 'error',
        title: 'Your account has been suspended',
        actions: [
          { label: 'Appeal', href: 'https://example.com/appeal' },
          { label: 'Write to us', href: 'mailto:appeals@example.com' },
          { label: 'Sign up', href: '/sign-up' },
        ],
      });
    });
    const appeal = screen.getByRole('link', { name: 'Appeal' });
    expect(appeal.getAttribute('href')).toBe('https://example.com/appeal');
    expect(appeal.getAttribute('target')).toBe('_blank');
    expect(appeal.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Write to us' }).getAttribute('target')).toBeNull();
    const signUp = screen.getByRole('link', { name: 'Sign up' });
    expect(signUp.getAttribute('href')).toBe('/sign-up');
    expect(signUp.getAttribute('target')).toBeNull();
    act(() => toastStore.getSnapshot().forEach((t) => toastStore.dismiss(t.id)));
  });
});
