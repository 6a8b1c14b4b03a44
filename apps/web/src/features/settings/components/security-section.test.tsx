// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { SecuritySection } from './security-section';

const URI =
  'otpauth://totp/Vocalis:a%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Vocalis&digits=6&period=30';
const CODES = ['aaaaa-11111', 'bbbbb-22222'];
const EMAIL_ACCESS_MESSAGE =
  'For your security, please confirm this action: we have sent you an email with a link. Open it, then try again.';
let enrolled: boolean;
let calls: { url: string; body: unknown }[];
/** The account's sign-in methods (GET /api/auth/list-accounts); null: the list cannot be read. */
let providers: string[] | null;
/** Whether the server wants a fresh sign-in (403 email_access_verification_required). */
let stale: boolean;

beforeEach(() => {
  enrolled = false;
  calls = [];
  providers = null;
  stale = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/v1/user')
        return jsonResponse({ totp_mfa_factor: enrolled ? { enrolled_at_unix: 1_700_000_000 } : null });
      if (url === '/api/auth/list-accounts')
        return jsonResponse(providers && providers.map((providerId) => ({ providerId })));
      if (stale && (url === '/api/auth/two-factor/enable' || url === '/api/auth/two-factor/disable'))
        return jsonResponse(
          { detail: { status: 'email_access_verification_required', message: EMAIL_ACCESS_MESSAGE } },
          { status: 403 },
        );
      if (url === '/api/auth/two-factor/enable') return jsonResponse({ totpURI: URI, backupCodes: CODES });
      if (url === '/api/auth/two-factor/disable') {
        enrolled = false;
        return jsonResponse({ status: true });
      }
      if (url === '/api/auth/two-factor/verify-totp') {
        enrolled = true;
        return jsonResponse({ token: 't' });
      }
      return jsonResponse(null);
    }),
  );
});

/** The settings row titled `title`. */
async function row(title: string) {
  const heading = await screen.findByRole('heading', { name: title }, { timeout: 5000 });
  return heading.closest<HTMLElement>('[data-setting-row]')!;
}

describe('settings: security rows', () => {
  it('gives every row a title: password, two-factor authentication and text message codes', async () => {
    providers = ['credential'];
    renderWithProviders(<SecuritySection />, { path: '/app/settings' });
    const twoFactor = await row('Two-factor authentication');
    expect(
      within(twoFactor).getByText('Protect your account with a code from an authenticator app at sign-in.'),
    ).toBeTruthy();
    expect(within(twoFactor).getByRole('button', { name: 'Add two-factor authentication' })).toBeTruthy();
    const phone = await row('Text message codes');
    expect(within(phone).getByRole('button', { name: 'Add phone number' })).toBeTruthy();
    expect(within(await row('Password')).getByRole('button', { name: 'Change password' })).toBeTruthy();
  });

  it('says when the authenticator app was added, under the same title', async () => {
    enrolled = true;
    renderWithProviders(<SecuritySection />, { path: '/app/settings' });
    const twoFactor = await row('Two-factor authentication');
    expect(within(twoFactor).getByTestId('two-factor-status').textContent).toMatch(
      /^On: a code from your authenticator app, added /,
    );
    expect(within(twoFactor).getByRole('button', { name: 'New backup codes' })).toBeTruthy();
  });
});

describe('settings: add two-factor authentication', () => {
  it('opens at ?dialog=add-2fa, shows the secret, verifies a code, then shows the backup codes once', async () => {
    renderWithProviders(<SecuritySection />, { path: '/app/settings?dialog=add-2fa' });
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'pw' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(calls.find((c) => c.url === '/api/auth/two-factor/enable')!.body).toEqual({ password: 'pw' });
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

    expect((await screen.findByTestId('backup-codes')).textContent).toContain('aaaaa-11111');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('backup-codes')).toBeNull());
    expect(await screen.findByTestId('two-factor-status')).toBeTruthy();
  });

  it('offers the add button when no factor is enrolled', async () => {
    renderWithProviders(<SecuritySection />, { path: '/app/settings' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add two-factor authentication' }));
    expect(await screen.findByText('Confirm your password to set up an authenticator app.')).toBeTruthy();
  });

  it('sets up the app without a password for an account made by social sign-in', async () => {
    providers = ['google'];
    renderWithProviders(<SecuritySection />, { path: '/app/settings?dialog=add-2fa' });
    expect(
      await screen.findByText(
        'Set up an authenticator app: it shows a new code every 30 seconds for signing in.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(
      screen.getByText(
        'Your account has no password. If you signed in more than 10 minutes ago, we email you a link to confirm it is you.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(calls.find((c) => c.url === '/api/auth/two-factor/enable')!.body).toEqual({});
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByTestId('backup-codes')).textContent).toContain('aaaaa-11111');
  });

  it('tells a passwordless account with an old sign-in to use the emailed link, and stays on the first step', async () => {
    providers = ['github'];
    stale = true;
    renderWithProviders(<SecuritySection />, { path: '/app/settings?dialog=add-2fa' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/list-accounts')).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(toastStore.getSnapshot().map((t) => t.title)).toContain(EMAIL_ACCESS_MESSAGE));
    expect(screen.queryByTestId('totp-secret')).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });
});

describe('settings: remove two-factor authentication', () => {
  it('asks an account with a password for it', async () => {
    enrolled = true;
    providers = ['credential'];
    renderWithProviders(<SecuritySection />, { path: '/app/settings' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/list-accounts')).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'pw-1234' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' }).at(-1)!);
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/auth/two-factor/disable')?.body).toEqual({
        password: 'pw-1234',
      }),
    );
  });

  it('removes it without a password for an account made by social sign-in', async () => {
    enrolled = true;
    providers = ['apple'];
    renderWithProviders(<SecuritySection />, { path: '/app/settings' });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/list-accounts')).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove' }));
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' }).at(-1)!);
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/auth/two-factor/disable')?.body).toEqual({}),
    );
    await waitFor(() =>
      expect(toastStore.getSnapshot().map((t) => t.title)).toContain('Two-factor authentication removed'),
    );
  });
});
