// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { SignInForm } from './sign-in-form';

type Call = { url: string; body: unknown };
let calls: Call[];
let attachAnswer: () => Response;
let signInAnswer: () => Response;

beforeEach(() => {
  calls = [];
  attachAnswer = () =>
    jsonResponse({ status: 'ok', message: 'Your email address was successfully verified.' });
  signInAnswer = () => jsonResponse({ token: 't', user: { id: 'u' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/v1/user/attach-internal-code') return attachAnswer();
      if (url === '/api/auth/sign-in/email') return signInAnswer();
      if (url === '/api/auth/get-session')
        return jsonResponse({
          session: { id: 's', expiresAt: '' },
          user: { id: 'u', email: 'ann@example.com' },
        });
      return jsonResponse(null);
    }),
  );
});

const VERIFIED = 'Your email address was successfully verified.';
const toasts = () => toastStore.getSnapshot().map((t) => t.title);

function renderAt(path: string, onSuccess = vi.fn()) {
  renderWithProviders(
    <Routes>
      <Route path="/sign-in" element={<SignInForm onSuccess={onSuccess} />} />
      <Route path="/app/onboarding" element={<p>Onboarding page</p>} />
    </Routes>,
    { path },
  );
  return onSuccess;
}

function submit(email = 'ann@example.com', password = 'pw-123456!') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in with a mailed internal verification code', () => {
  it('attaches the stored code before signing in, then toasts "verified" and goes to onboarding', async () => {
    localStorage.setItem('xi:internal_verification_code', JSON.stringify('ic-stored'));
    const onSuccess = renderAt('/sign-in');
    submit();
    await screen.findByText('Onboarding page');
    expect(toasts()).toContain(VERIFIED);
    expect(onSuccess).not.toHaveBeenCalled();
    const urls = calls.map((c) => c.url).filter((u) => u !== '/api/auth/get-session');
    // The address's single sign-on provider is looked up first (none here), then the code, then the password.
    expect(urls).toEqual([
      '/v1/workspace/find-sso-provider?email=ann%40example.com',
      '/v1/user/attach-internal-code',
      '/api/auth/sign-in/email',
    ]);
    expect(calls.find((c) => c.url === '/v1/user/attach-internal-code')!.body).toEqual({
      email: 'ann@example.com',
      internal_code: 'ic-stored',
    });
    expect(localStorage.getItem('xi:internal_verification_code')).toBeNull();
  });

  it('takes the code from the address the action page continued to', async () => {
    renderAt('/sign-in?internalCode=ic-url&newUser=true');
    submit();
    await screen.findByText('Onboarding page');
    expect(calls.find((c) => c.url === '/v1/user/attach-internal-code')!.body).toEqual({
      email: 'ann@example.com',
      internal_code: 'ic-url',
    });
    expect(toasts()).toContain(VERIFIED);
  });

  it('signs in as usual, without the toast, when the code is refused; the code is then dropped', async () => {
    localStorage.setItem('xi:internal_verification_code', JSON.stringify('ic-used'));
    attachAnswer = () =>
      jsonResponse(
        { detail: { status: 'invalid_verification_code', message: 'The verification code is invalid.' } },
        { status: 400 },
      );
    const onSuccess = renderAt('/sign-in');
    submit();
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(toasts()).not.toContain(VERIFIED);
    expect(screen.queryByText('Onboarding page')).toBeNull();
    expect(localStorage.getItem('xi:internal_verification_code')).toBeNull();
  });

  it('keeps the attached code across a wrong password and toasts once the password is right', async () => {
    localStorage.setItem('xi:internal_verification_code', JSON.stringify('ic-retry'));
    signInAnswer = () =>
      jsonResponse({ detail: { status: 'invalid_credentials', message: 'nope' } }, { status: 401 });
    renderAt('/sign-in');
    submit('ann@example.com', 'wrong');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/sign-in/email')).toBe(true));
    await waitFor(() => expect(toasts()).toContain('No user is found with the provided credentials'));
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false),
    );
    signInAnswer = () => jsonResponse({ token: 't', user: { id: 'u' } });
    submit('ann@example.com', 'right-password-1!');
    await screen.findByText('Onboarding page');
    expect(calls.filter((c) => c.url === '/v1/user/attach-internal-code')).toHaveLength(1);
    expect(toasts()).toContain(VERIFIED);
  });

  it('attaches nothing without a code', async () => {
    const onSuccess = renderAt('/sign-in');
    submit();
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls.some((c) => c.url === '/v1/user/attach-internal-code')).toBe(false);
    expect(toasts()).not.toContain(VERIFIED);
  });
});
