// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { PhoneFactorSetting } from './phone-factor';

let providers: string[];
let enrolled: boolean;
let calls: { url: string; body: unknown }[];

beforeEach(() => {
  enrolled = true;
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ url, body });
      if (url === '/v1/user')
        return jsonResponse({ sms_mfa_factor: enrolled ? { enrolled_at_unix: 1_700_000_000 } : null });
      if (url === '/api/auth/list-accounts')
        return jsonResponse(providers.map((providerId) => ({ providerId })));
      if (url === '/v1/user/update-mfa-factors') {
        if (body && 'code' in body) {
          if (body.code !== '123456') {
            return jsonResponse(
              {
                detail: {
                  status: 'invalid_code',
                  message: 'The code is invalid or has expired. Please request a new one.',
                },
              },
              { status: 400 },
            );
          }
          enrolled = false;
          return jsonResponse({ status: 'ok', sms_mfa_factor: null });
        }
        return jsonResponse({ status: 'code_sent', sms_mfa_factor: { enrolled_at_unix: 1_700_000_000 } });
      }
      return jsonResponse(null);
    }),
  );
});

const titles = () => toastStore.getSnapshot().map((t) => t.title);
const mfaCalls = () => calls.filter((c) => c.url === '/v1/user/update-mfa-factors').map((c) => c.body);

describe('settings: removing the phone factor', () => {
  it('asks an account with a password for the password', async () => {
    providers = ['credential', 'google'];
    renderWithProviders(<PhoneFactorSetting />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove phone' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/list-accounts')).toBe(true));
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();
  });

  it('confirms with a texted code when the account has no password (social sign-in)', async () => {
    providers = ['google'];
    renderWithProviders(<PhoneFactorSetting />);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/auth/list-accounts')).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove phone' }));
    expect(await screen.findByText('To confirm, we text a code to your phone number.')).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    const field = await screen.findByLabelText('Verification code');
    expect(mfaCalls()).toEqual([{ sms: null }]);
    const remove = () => screen.getByRole('button', { name: 'Remove' }) as HTMLButtonElement;
    expect(remove().disabled).toBe(true); // fewer than 6 digits
    fireEvent.change(field, { target: { value: '000000' } });
    fireEvent.click(remove());
    await waitFor(() =>
      expect(titles()).toContain('The code is invalid or has expired. Please request a new one.'),
    );
    expect((screen.getByLabelText('Verification code') as HTMLInputElement).value).toBe('');

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(remove());
    await waitFor(() => expect(titles()).toContain('Phone number removed'));
    expect(mfaCalls()).toEqual([{ sms: null }, { sms: null, code: '000000' }, { sms: null, code: '123456' }]);
    expect(await screen.findByRole('button', { name: 'Add phone number' })).toBeTruthy();
  });
});
