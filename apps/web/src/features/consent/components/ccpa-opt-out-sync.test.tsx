// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { CcpaOptOutSync } from './privacy-choices';

function signedIn(ccpaOptOut: boolean) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) =>
    url === '/v1/user' && (!init?.method || init.method === 'GET')
      ? jsonResponse({ user_id: 'u1', ccpa_opt_out: ccpaOptOut, geo_location: null })
      : jsonResponse({ user_id: 'u1', ccpa_opt_out: true, geo_location: null }),
  );
  vi.stubGlobal('fetch', fetch);
  renderWithProviders(<CcpaOptOutSync />, { path: '/app/home' });
  const posts = () =>
    (fetch.mock.calls as unknown as [string, RequestInit | undefined][])
      .filter(([, init]) => init?.method === 'POST')
      .map(([url, init]) => [url, JSON.parse(String(init!.body))]);
  return { fetch, posts };
}

describe('the browser opt-out reaches the account after sign-in', () => {
  it('saves the opt-out a visitor chose before signing in', async () => {
    window.localStorage.setItem('ccpa_opt_out', 'true');
    const { posts } = signedIn(false);
    await vi.waitFor(() =>
      expect(posts()).toEqual([['/v1/user/edit-user-metadata', { ccpa_opt_out: true }]]),
    );
  });

  it('changes nothing without an opt-out in the browser', async () => {
    window.localStorage.setItem('ccpa_opt_out', 'false');
    const { fetch, posts } = signedIn(false);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(posts()).toEqual([]);
  });
});
