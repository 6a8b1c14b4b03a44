// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import type { ListMessagesResponse, Message } from '@vocalis/contracts/messages';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { LiveProvider } from '@/lib/live';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { useLiveMessages } from '../api/use-live-messages';
import { NotificationsBell } from './notifications-bell';

const message = (id: string, overrides: Partial<Message> = {}): Message => ({
  message_id: id,
  severity: 'warning',
  title: `Title ${id}`,
  description: 'Details',
  needs_attention: false,
  create_date_unix_ms: Date.now(),
  has_been_read: false,
  ...overrides,
});

function LiveBell() {
  useLiveMessages();
  return <NotificationsBell />;
}

beforeEach(() => {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  const list: ListMessagesResponse = { messages: [message('m1')], unread_count: 1, has_more: false };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse(list)),
  );
});

describe('notifications bell with live updates', () => {
  it('shows a new message and increments the badge without refetching', async () => {
    renderWithProviders(
      <LiveProvider>
        <LiveBell />
      </LiveProvider>,
      { path: '/app/home' },
    );
    await waitFor(() => expect(screen.getByTestId('unread-badge').textContent).toBe('1'));

    const socket = FakeWebSocket.latest();
    expect(socket.url).toMatch(/^ws:\/\/.+\/v1\/live$/);
    act(() => socket.open());
    expect(socket.sent).toContainEqual({ type: 'subscribe', collection: 'message' });

    act(() => {
      socket.receive({ type: 'ready', user_id: 'u1' });
      socket.receive({
        type: 'change',
        collection: 'message',
        op: 'insert',
        id: 'm2',
        data: message('m2', { title: 'Dub finished', needs_attention: true }),
      });
    });

    // TanStack Query notifies observers on the next tick.
    await waitFor(() => expect(screen.getByTestId('unread-badge').textContent).toBe('2'));
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toBeTruthy();
    expect(toastStore.getSnapshot().map((t) => t.title)).toEqual(['Dub finished']);
    expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1);
  });
});
