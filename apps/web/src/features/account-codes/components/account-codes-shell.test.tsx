// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { AccountCodesShell } from './account-codes-shell';

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let answer: (url: string) => Response;

beforeEach(() => {
  calls = [];
  answer = () => jsonResponse({ status: 'ok', message: 'ok' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/auth/get-session')
        return jsonResponse({
          session: { id: 's', expiresAt: '' },
          user: { id: 'u', name: 'Ann', email: 'ann@example.com', emailVerified: true },
        });
      // The API client's own session-token calls are not what these tests look at.
      if (url.startsWith('/api/auth/')) return jsonResponse(null);
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      return answer(url);
    }),
  );
});

const toasts = () => toastStore.getSnapshot().map((t) => ({ title: t.title, variant: t.variant }));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  renderWithProviders(
    <>
      <AccountCodesShell />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { path },
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('email-access verification in the shell', () => {
  it('submits the code from the URL once, clears it and says so', async () => {
    renderAt('/app/settings?sensitiveActionVerificationCode=sa1&tab=x');
    await waitFor(() =>
      expect(toasts()).toContainEqual({
        title: 'Email access verified. Please try the action again.',
        variant: 'success',
      }),
    );
    expect(calls).toEqual([
      { url: '/v1/user/verify-sensitive-action-code', method: 'POST', body: { code: 'sa1' } },
    ]);
    expect(where()).toBe('/app/settings?tab=x');
  });

  it('uses the code the action page stored and removes it', async () => {
    localStorage.setItem('xi:sensitive_action_verification_code', JSON.stringify('sa-stored'));
    renderAt('/app/home');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ code: 'sa-stored' });
    expect(localStorage.getItem('xi:sensitive_action_verification_code')).toBeNull();
    await waitFor(() =>
      expect(toasts().map((t) => t.title)).toContain('Email access verified. Please try the action again.'),
    );
  });

  it('shows the server message when the code is refused, and clears the code', async () => {
    const message = 'The verification code is invalid, has expired or was already used.';
    answer = () =>
      jsonResponse({ detail: { status: 'invalid_verification_code', message } }, { status: 400 });
    localStorage.setItem('xi:sensitive_action_verification_code', JSON.stringify('sa-old'));
    renderAt('/app/settings?sensitiveActionVerificationCode=sa-old');
    await waitFor(() => expect(toasts()).toContainEqual({ title: message, variant: 'error' }));
    expect(calls).toHaveLength(1);
    expect(where()).toBe('/app/settings');
    expect(localStorage.getItem('xi:sensitive_action_verification_code')).toBeNull();
  });
});

describe('internal code in the shell URL', () => {
  it('newUser=false with internalCode redeems it for the signed-in address and goes to the root', async () => {
    renderAt('/app/home?newUser=false&internalCode=ic1');
    await waitFor(() => expect(where()).toBe('/'));
    expect(calls).toEqual([
      {
        url: '/v1/user/attach-internal-code',
        method: 'POST',
        body: { email: 'ann@example.com', internal_code: 'ic1' },
      },
    ]);
    expect(toasts()).toContainEqual({
      title: 'Your email address was successfully verified.',
      variant: 'success',
    });
  });

  it('with isReverting it reverts the email change the code belongs to', async () => {
    answer = () => jsonResponse({ status: 'ok', email: 'ann@example.com', message: 'x' });
    renderAt('/app/home?newUser=false&internalCode=rv1&isReverting=true');
    await waitFor(() => expect(where()).toBe('/'));
    expect(calls).toEqual([
      { url: '/v1/user/email?verification_code=rv1&is_reverting=true', method: 'PUT', body: undefined },
    ]);
    expect(toasts()).toContainEqual({
      title: 'Email updated! Please refresh this page to reauthenticate.',
      variant: 'success',
    });
  });

  it('a refused revert says why and still goes to the root', async () => {
    answer = () =>
      jsonResponse(
        { detail: { status: 'invalid_verification_code', message: 'The verification code is invalid.' } },
        { status: 400 },
      );
    renderAt('/app/home?newUser=false&internalCode=rv2&isReverting=true');
    await waitFor(() => expect(where()).toBe('/'));
    expect(toasts()).toContainEqual({
      title: 'Unable to update email, The verification code is invalid.',
      variant: 'error',
    });
  });

  it('leaves a new user\u2019s internal code alone (sign-in attaches it)', async () => {
    renderAt('/app/home?newUser=true&internalCode=ic2');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    expect(where()).toBe('/app/home?newUser=true&internalCode=ic2');
  });
});
