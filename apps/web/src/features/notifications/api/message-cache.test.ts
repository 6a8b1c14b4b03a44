import type { Message } from '@vocalis/contracts/messages';
import { describe, expect, it } from 'vitest';

import type { LiveChange } from '@/lib/live-client';

import { applyMessageChange, markReadInCache, REFETCH, type MessagesData } from './message-cache';

const msg = (id: string, at: number, read = false): Message => ({
  message_id: id,
  severity: 'info',
  title: `Message ${id}`,
  description: '',
  needs_attention: false,
  create_date_unix_ms: at,
  has_been_read: read,
});

const cache = (messages: Message[], unread: number, hasMore = false): MessagesData => ({
  pages: [{ messages, unread_count: unread, has_more: hasMore }],
  pageParams: [undefined],
});

const change = (op: LiveChange['op'], id: string, data: Message | null): LiveChange => ({
  type: 'change',
  collection: 'message',
  op,
  id,
  data,
});

const all = { unreadOnly: false };
const unreadOnly = { unreadOnly: true };

function applied(result: MessagesData | typeof REFETCH): MessagesData {
  if (result === REFETCH) throw new Error('expected a patched cache');
  return result;
}

describe('live message changes', () => {
  it('puts an inserted message first and increments the unread count', () => {
    const next = applied(
      applyMessageChange(cache([msg('a', 100)], 1), change('insert', 'b', msg('b', 200)), all),
    );
    expect(next.pages[0]?.messages.map((m) => m.message_id)).toEqual(['b', 'a']);
    expect(next.pages[0]?.unread_count).toBe(2);
  });

  it('does not count a duplicate insert twice', () => {
    const start = cache([msg('b', 200), msg('a', 100)], 2);
    const next = applied(applyMessageChange(start, change('insert', 'b', msg('b', 200)), all));
    expect(next.pages[0]?.messages).toHaveLength(2);
    expect(next.pages[0]?.unread_count).toBe(2);
  });

  it('decrements when an update marks a message read', () => {
    const next = applied(
      applyMessageChange(cache([msg('a', 100)], 1), change('update', 'a', msg('a', 100, true)), all),
    );
    expect(next.pages[0]?.messages[0]?.has_been_read).toBe(true);
    expect(next.pages[0]?.unread_count).toBe(0);
  });

  it('removes a deleted unread message and its count', () => {
    const next = applied(
      applyMessageChange(cache([msg('a', 100), msg('b', 50, true)], 1), change('delete', 'a', null), all),
    );
    expect(next.pages[0]?.messages.map((m) => m.message_id)).toEqual(['b']);
    expect(next.pages[0]?.unread_count).toBe(0);
  });

  it('refetches when the change carries no document', () => {
    expect(applyMessageChange(cache([], 0), change('insert', 'x', null), all)).toBe(REFETCH);
  });

  it('refetches an update to a message outside the loaded pages', () => {
    expect(applyMessageChange(cache([msg('a', 100)], 1, true), change('update', 'z', msg('z', 1)), all)).toBe(
      REFETCH,
    );
  });

  it('keeps read inserts out of the unread-only list', () => {
    const next = applied(
      applyMessageChange(cache([], 0), change('insert', 'r', msg('r', 1, true)), unreadOnly),
    );
    expect(next.pages[0]?.messages).toHaveLength(0);
  });
});

describe('mark read in cache', () => {
  it('marks one message read and takes the server count', () => {
    const next = markReadInCache(cache([msg('a', 2), msg('b', 1)], 2), 'a', 1);
    expect(next.pages[0]?.messages.map((m) => m.has_been_read)).toEqual([true, false]);
    expect(next.pages[0]?.unread_count).toBe(1);
  });

  it('marks everything read', () => {
    const next = markReadInCache(cache([msg('a', 2), msg('b', 1)], 7), 'all');
    expect(next.pages[0]?.messages.every((m) => m.has_been_read)).toBe(true);
    expect(next.pages[0]?.unread_count).toBe(0);
  });
});
