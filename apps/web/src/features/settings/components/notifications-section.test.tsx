// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { NotificationsSection } from './notifications-section';

describe('NotificationsSection', () => {
  it('shows a toggle per kind and saves a change at once', async () => {
    let state = { webhook_disabled: true, voice_library_removal: true, billing_receipt: true };
    const fetchMock = vi.fn(async (_url: string, init: RequestInit = {}) => {
      if (init.method === 'PATCH') state = { ...state, ...JSON.parse(String(init.body)) };
      return jsonResponse(state);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<NotificationsSection />);

    const receipts = await screen.findByRole('switch', { name: 'Receipts' });
    expect(screen.getAllByRole('switch')).toHaveLength(3);
    expect(receipts.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(receipts);

    await waitFor(() => expect(receipts.getAttribute('aria-checked')).toBe('false'));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(patch[0]).toContain('/v1/user/notification-preferences');
    expect(JSON.parse(String(patch[1]?.body))).toEqual({ billing_receipt: false });
    expect(toastStore.getSnapshot().map((t) => t.title)).toContain('Notification preferences saved.');
    expect(screen.getByRole('switch', { name: 'Webhook disabled' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('keeps the toggle as it was when saving fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit = {}) =>
        init.method === 'PATCH'
          ? jsonResponse(
              { detail: { status: 'invalid_notification_preferences', message: 'Nope.' } },
              { status: 400 },
            )
          : jsonResponse({ webhook_disabled: true, voice_library_removal: false, billing_receipt: true }),
      ),
    );
    renderWithProviders(<NotificationsSection />);
    const removals = await screen.findByRole('switch', { name: 'Voice library removals' });
    expect(removals.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(removals);
    await waitFor(() => expect(toastStore.getSnapshot().map((t) => t.title)).toContain('Nope.'));
    expect(removals.getAttribute('aria-checked')).toBe('false');
  });
});
