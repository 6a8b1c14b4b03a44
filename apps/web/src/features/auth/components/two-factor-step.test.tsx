// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { SignInForm } from './sign-in-form';

type Call = { url: string; body: unknown };
let calls: Call[];
let verifyAnswer: () => Response;
let methods: string[];

beforeEach(() => {
  calls = [];
  verifyAnswer = () => jsonResponse({ token: 't', user: {} });
  methods = ['totp'];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/auth/sign-in/email')
        return jsonResponse({ twoFactorRedirect: true, twoFactorMethods: methods });
      if (url === '/api/auth/two-factor/send-otp') return jsonResponse({ status: true });
      if (url.startsWith('/api/auth/two-factor/verify')) return verifyAnswer();
      if (url === '/api/auth/get-session')
        return jsonResponse({ session: { id: 's', expiresAt: '' }, user: { id: 'u' } });
      return jsonResponse(null);
    }),
  );
});

const toasts = () => toastStore.getSnapshot().map((t) => t.title);
const detail = (status: number, code: string, message = 'x') =>
  jsonResponse({ detail: { status: code, message } }, { status });

async function reachSecondStep(onSuccess = vi.fn()) {
  renderWithProviders(<SignInForm onSuccess={onSuccess} />);
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByLabelText('Authentication code');
  return onSuccess;
}

describe('sign-in second step', () => {
  it('asks for the authenticator code after the password and signs in with it', async () => {
    const onSuccess = await reachSecondStep();
    expect(onSuccess).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls.find((c) => c.url === '/api/auth/two-factor/verify-totp')!.body).toEqual({ code: '123456' });
  });

  it('takes a backup code instead', async () => {
    const onSuccess = await reachSecondStep();
    fireEvent.click(screen.getByRole('button', { name: 'Use a backup code' }));
    fireEvent.change(screen.getByLabelText('Backup code'), { target: { value: 'abcde-12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls.some((c) => c.url === '/api/auth/two-factor/verify-backup-code')).toBe(true);
  });

  it('shows the unknown-error text of the spec for a wrong code and stays on the step', async () => {
    verifyAnswer = () => detail(401, 'INVALID_CODE', 'Invalid code');
    const onSuccess = await reachSecondStep();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(toasts()).toContain(
        'An unknown error occurred with Two-Factor Authentication, please try again.',
      ),
    );
    expect(screen.getByLabelText('Authentication code')).toBeTruthy();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('shows the too-many-attempts text and goes back to the password when the challenge ended', async () => {
    verifyAnswer = () => detail(400, 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE');
    await reachSecondStep();
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(toasts()).toContain('Too many sign-in attempts, please try again in a few minutes.'),
    );
    expect(await screen.findByLabelText('Password')).toBeTruthy();
  });

  it('starts phone verification when a phone is enrolled: texts a code once and verifies it', async () => {
    methods = ['totp', 'otp'];
    const onSuccess = vi.fn();
    renderWithProviders(<SignInForm onSuccess={onSuccess} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByLabelText('Text message code');
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/auth/two-factor/send-otp')).toHaveLength(1),
    );
    fireEvent.change(screen.getByLabelText('Text message code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls.find((c) => c.url === '/api/auth/two-factor/verify-otp')!.body).toEqual({ code: '654321' });
    // The authenticator app remains a choice.
    expect(screen.getByRole('button', { name: 'Use the authenticator app' })).toBeTruthy();
  });
});
