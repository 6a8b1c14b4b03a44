// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { parseActionLinkParams } from '@vocalis/domain/action-link';
import { describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { ActionLinkView } from './action-link-view';

type Route = (url: string, init?: RequestInit) => Response | undefined;

function stubFetch(route: Route) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = route(String(input), init);
    if (!res) throw new Error(`unexpected fetch ${String(input)}`);
    return res;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const error = (status: number, code: string, message: string) =>
  jsonResponse({ detail: { status: code, message } }, { status });

const render = (query: string) =>
  renderWithProviders(<ActionLinkView params={parseActionLinkParams(new URLSearchParams(query))} />, {
    path: `/action?${query}`,
  });

describe('action-link page (accounts.md §2, §4)', () => {
  it('verifyEmail: verifies with the code, then prompts to sign in (the verified toast is for the sign-in)', async () => {
    const fetch = stubFetch((url) =>
      url.startsWith('/api/auth/verify-email?token=abc') ? jsonResponse({ status: true }) : undefined,
    );
    render('mode=verifyEmail&oobCode=abc&continueUrl=%2Fsign-in');
    const dialog = await screen.findByRole('dialog', { name: 'Email verified' });
    expect(dialog.textContent).toContain(
      'Your email address was successfully verified. Sign in to continue.',
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    // Signing in with the link's code toasts it (accounts.md §4): saying it here too repeated it.
    expect(toastStore.getSnapshot()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('stores coupon, newUser, invite code, internalCode and the sensitive-action code', async () => {
    stubFetch(() => jsonResponse({ status: true }));
    render(
      'mode=verifyEmail&oobCode=abc&coupon=SAVE&newUser=true&invite_code=inv&internalCode=ic&sensitiveActionVerificationCode=sa',
    );
    await screen.findByRole('dialog');
    expect(localStorage.getItem('xi:coupon')).toBe('"SAVE"');
    expect(localStorage.getItem('xi:new_user')).toBe('"true"');
    expect(localStorage.getItem('xi:invite_code')).toBe('"inv"');
    expect(localStorage.getItem('xi:internal_verification_code')).toBe('"ic"');
    expect(localStorage.getItem('xi:sensitive_action_verification_code')).toBe('"sa"');
  });

  it('resetPassword: checks the code, asks for two matching passwords, then says it changed', async () => {
    const fetch = stubFetch((url, init) => {
      if (url === '/v1/user/check-password-reset-code') return jsonResponse({ email: 'ada@example.com' });
      if (url === '/api/auth/reset-password') {
        expect(JSON.parse(String(init?.body))).toEqual({ token: 'r1', newPassword: 'N3w-password!' });
        return jsonResponse({ status: true });
      }
      return undefined;
    });
    render('mode=resetPassword&oobCode=r1');
    await screen.findByRole('dialog', { name: 'Reset your password' });
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    // The form's own field keeps the focus; the panel does not take it to its heading.
    expect(document.activeElement).toBe(screen.getByLabelText('New password'));

    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'N3w-password!' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'N3w-password?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your passwords do not match')).toBeTruthy();
    expect(fetch).toHaveBeenCalledTimes(1);

    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'weak' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText("Your password doesn't meet our security requirements:")).toBeTruthy();
    expect(screen.getByText('Your password must contain a number.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'N3w-password!' } });
    fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'N3w-password!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('dialog', { name: 'Password changed' })).toBeTruthy();
    // The form is gone: keyboard focus moves to the new dialog's heading, not back to the page start.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Password changed' }));
  });

  it('resetPassword: an invalid code shows the expired-link error', async () => {
    stubFetch(() => error(400, 'invalid_action_code', 'x'));
    render('mode=resetPassword&oobCode=old');
    expect(
      await screen.findByText(
        'An error occured, your link is either expired or invalid, please request another password change.',
      ),
    ).toBeTruthy();
  });

  it('resetPassword: too many requests says so', async () => {
    stubFetch(() => error(429, 'too_many_requests', 'x'));
    render('mode=resetPassword&oobCode=old');
    expect(await screen.findByText('Too many attempts, please try again in a few minutes.')).toBeTruthy();
  });

  it.each([
    [true, 'We have opted you out of receiving product updates.'],
    [
      false,
      'An error occurred while trying to opt you out from receiving product updates, please try again.',
    ],
  ])('optOutOfUpdates (ok=%s) shows %j', async (ok, text) => {
    stubFetch((url) =>
      url === '/v1/user/opt-out-of-updates'
        ? ok
          ? jsonResponse({ status: 'ok' })
          : error(400, 'invalid_opt_out_key', 'x')
        : undefined,
    );
    render('mode=optOutOfUpdates&oobCode=key');
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('recoverEmail: nothing happens', async () => {
    const fetch = stubFetch(() => undefined);
    render('mode=recoverEmail&oobCode=x');
    expect(await screen.findByRole('dialog', { name: 'Nothing to do here' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('an unknown mode is an error', async () => {
    stubFetch(() => undefined);
    render('mode=hack&oobCode=x');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/This link is not valid/));
  });
});
