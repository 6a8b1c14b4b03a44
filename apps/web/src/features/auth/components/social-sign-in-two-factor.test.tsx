// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toast/toaster';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { SocialSignIn } from './social-sign-in';

let calls: { url: string; body: unknown }[];

function render(path = '/sign-in') {
  calls = [];
  const onSignedIn = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? (JSON.parse(String(init.body)) as { code?: string }) : undefined;
      calls.push({ url, body });
      if (url === '/v1/sign-in-providers')
        return jsonResponse({
          social: [{ id: 'google', name: 'Google' }],
          appeal_url: 'https://x.test/appeal',
        });
      if (url === '/api/auth/two-factor/verify-totp')
        return body?.code === '123456'
          ? jsonResponse({ token: 't' })
          : jsonResponse({ detail: { status: 'INVALID_CODE', message: 'Invalid code' } }, { status: 401 });
      return jsonResponse(null);
    }),
  );
  renderWithProviders(
    <>
      <SocialSignIn targetPath="/" onSignedIn={onSignedIn} onNewUser={() => {}} onUsePassword={() => {}} />
      <Toaster />
    </>,
    { path },
  );
  return onSignedIn;
}

describe('a provider sign-in of an account with a second factor', () => {
  it('asks for the authenticator code after the popup, and signs in with the right one', async () => {
    const onSignedIn = render();
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
          data: {
            type: 'better-auth:oauth-popup',
            nonce,
            error: { code: 'TWO_FACTOR_REQUIRED', description: 'totp' },
          },
        }),
      );
    });

    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/auth/two-factor/verify-totp')).toHaveLength(1),
    );
    expect(onSignedIn).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByLabelText('Authentication code')).toBeNull());
  });

  it('asks for it when the full-page flow returns to /sign-in?error=TWO_FACTOR_REQUIRED', async () => {
    render(
      `/sign-in?${new URLSearchParams({ error: 'TWO_FACTOR_REQUIRED', error_description: 'totp,otp' })}`,
    );
    // With a phone, the texted code comes first; the authenticator app is offered too.
    expect(await screen.findByLabelText('Text message code')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/two-factor/send-otp')).toBe(true));
    expect(screen.getByRole('button', { name: 'Use the authenticator app' })).toBeTruthy();
  });
});
