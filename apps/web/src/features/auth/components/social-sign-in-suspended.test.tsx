// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toast/toaster';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { SocialSignIn } from './social-sign-in';

const BANNED =
  'Your account has been suspended for violating our prohibited use policy. If you think this is a mistake, you can appeal.';

function render(appealUrl: string, path = '/sign-in') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/v1/sign-in-providers'
        ? jsonResponse({ social: [{ id: 'google', name: 'Google' }], appeal_url: appealUrl })
        : jsonResponse(null),
    ),
  );
  renderWithProviders(
    <>
      <SocialSignIn targetPath="/" onSignedIn={() => {}} onNewUser={() => {}} onUsePassword={() => {}} />
      <Toaster />
    </>,
    { path },
  );
}

/** Clicks the provider button; the popup answers that the account is banned. */
async function bannedInPopup() {
  let started = '';
  const popup = { closed: false, close: () => (popup.closed = true) };
  vi.spyOn(window, 'open').mockImplementation((url) => {
    started = String(url);
    return popup as unknown as Window;
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
  const nonce = new URL(started).searchParams.get('popupNonce');
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        data: { type: 'better-auth:oauth-popup', nonce, error: { code: 'BANNED_USER', description: BANNED } },
      }),
    );
  });
}

describe('a suspended account signing in with a provider (accounts.md §6)', () => {
  it('sees the prohibited-use notice with the appeal link (popup)', async () => {
    render('https://vocalis.test/appeal');
    await bannedInPopup();
    expect(await screen.findByText(BANNED)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Appeal' }).getAttribute('href')).toBe(
      'https://vocalis.test/appeal',
    );
  });

  it('sees it after the full-page flow returns to /sign-in?error=BANNED_USER', async () => {
    render(
      'mailto:appeals@vocalis.test',
      `/sign-in?${new URLSearchParams({ error: 'BANNED_USER', error_description: BANNED })}`,
    );
    expect(await screen.findByText(BANNED)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Appeal' }).getAttribute('href')).toBe(
      'mailto:appeals@vocalis.test',
    );
  });

  it('gets no link from an address that is neither a web page nor mail', async () => {
    render('javascript:alert(1)');
    await bannedInPopup();
    expect(await screen.findByText(BANNED)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Appeal' })).toBeNull();
  });
});
