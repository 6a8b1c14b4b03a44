// @vitest-environment jsdom
import { REFERRAL_TTL_MS } from '@vocalis/domain/referral';
import { describe, expect, it, vi } from 'vitest';

import { jsonResponse } from '@/testing/test-utils';

import { captureAttribution, signUpAttribution, syncAttribution } from './attribution';

const calls = () =>
  (vi.mocked(fetch).mock.calls as [string, RequestInit][]).map(([url, init]) => ({
    url,
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
  }));

describe('attribution', () => {
  it('keeps a referral 90 days and sends it after sign-up, once', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ status: 'ok', message: '' })),
    );
    captureAttribution('?via=abc123&xid=click-9', 1_000);
    expect(document.cookie).toContain('referral=abc123');
    expect(JSON.parse(window.localStorage.getItem('referral')!)).toEqual({
      value: 'abc123',
      expiresTimestamp: 1_000 + REFERRAL_TTL_MS,
    });
    syncAttribution({ user_id: 'u1', email: 'a@b.co' }, 2_000);
    syncAttribution({ user_id: 'u1', email: 'a@b.co' }, 3_000);
    await vi.waitFor(() =>
      expect(calls().filter((c) => c.url.includes('post-registration'))).toHaveLength(1),
    );
    expect(calls().find((c) => c.url.includes('post-registration'))?.body).toEqual({
      pid: 'abc123',
      xid: 'click-9',
    });
  });

  it('drops an expired referral', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ status: 'ok', message: '' })),
    );
    captureAttribution('?via=abc123', 0);
    syncAttribution({ user_id: 'u2', email: 'a@b.co' }, REFERRAL_TTL_MS + 1);
    await vi.waitFor(() =>
      expect(calls().some((c) => c.url.includes('record-device-fingerprint'))).toBe(true),
    );
    expect(calls().some((c) => c.url.includes('post-registration'))).toBe(false);
  });

  it('removes referral cookies 2 s after a paid-ad visit and reports the visit', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ status: 'ok', message: '' })),
    );
    captureAttribution('?via=abc123');
    captureAttribution('?gclid=g-1&utm_source=google&utm_medium=cpc');
    expect(document.cookie).toContain('referral=abc123');
    vi.advanceTimersByTime(1999);
    expect(document.cookie).toContain('referral=abc123');
    vi.advanceTimersByTime(1);
    expect(document.cookie).not.toContain('referral=abc123');
    expect(window.localStorage.getItem('referral')).toBeNull();
    vi.useRealTimers();
    syncAttribution({ user_id: 'u3', email: 'a@b.co' });
    await vi.waitFor(() => expect(calls().some((c) => c.url.includes('google-ads-visit'))).toBe(true));
    expect(calls().find((c) => c.url.includes('google-ads-visit'))?.body).toMatchObject({
      email: 'a@b.co',
      event_type: 'visit',
      gclid: 'g-1',
      utm_source: 'google',
      utm_medium: 'cpc',
    });
  });

  it('gives pre-sign-up the active referral, the click id and the kept invite code', () => {
    captureAttribution('?via=team42&xid=click-7&invite_code=inv-123', 1_000);
    expect(signUpAttribution(2_000)).toEqual({ pid: 'team42', xid: 'click-7', invite_code: 'inv-123' });
    expect(signUpAttribution(1_000 + REFERRAL_TTL_MS + 1)).toEqual({
      pid: null,
      xid: null,
      invite_code: 'inv-123',
    });
  });
});
