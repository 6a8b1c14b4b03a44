// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { SecuritySection } from './security-section';

const URI =
  'otpauth://totp/Vocalis:a%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Vocalis&digits=6&period=30';
const CODES = ['aaaaa-11111', 'bbbbb-22222'];
let enrolled: boolean;
let calls: { url: string; body: unknown }[];

beforeEach(() => {
  enrolled = false;
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/v1/user')
        return jsonResponse({ totp_mfa_factor: enrolled ? { enrolled_at_unix: 1_700_000_000 } : null });
      if (url === '/api/auth/two-factor/enable') return jsonResponse({ totpURI: URI, backupCodes: CODES });
      if (url === '/api/auth/two-factor/verify-totp') {
        enrolled = true;
        return jsonResponse({ token: 't' });
      }
      return jsonResponse(null);
    }),
  );
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
});
