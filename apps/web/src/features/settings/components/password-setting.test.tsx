// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { PasswordSetting } from './password-setting';

const HEADING = "Your password doesn't meet our security requirements:";
const EMAIL_ACCESS_MESSAGE =
  'For your security, please confirm this action: we have sent you an email with a link. Open it, then try again.';
const SET_MESSAGE = 'Your password is set. You can now also sign in with your email and password.';

let calls: { url: string; body: unknown }[];
let providers: string[];
/** The answer to the password call; held open until `release` when `hold` is set. */
let answer: () => Response;
let hold: boolean;
let release: () => void;

beforeEach(() => {
  calls = [];
  providers = ['credential'];
  answer = () => jsonResponse({ token: null, user: {} });
  hold = false;
  toastStore.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/auth/list-accounts')
        return jsonResponse(providers.map((providerId) => ({ providerId })));
      if (url === '/api/auth/change-password' || url === '/v1/user/set-password') {
        if (hold) await new Promise<void>((resolve) => (release = resolve));
        return answer();
      }
      return jsonResponse(null);
    }),
  );
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const passwordCalls = () =>
  calls.filter((c) => c.url === '/api/auth/change-password' || c.url === '/v1/user/set-password');
const toasts = () => toastStore.getSnapshot().map((t) => t.title);

async function openChange() {
  renderWithProviders(<PasswordSetting />, { path: '/app/settings' });
  fireEvent.click(await screen.findByRole('button', { name: 'Change password' }));
  await screen.findByRole('dialog', { name: 'Change password' });
}

describe('settings: change password', () => {
  it('ticks off the new password rules while it is typed', async () => {
    await openChange();
    const rules = screen.getByTestId('password-checklist');
    expect(screen.getByLabelText('New password').getAttribute('aria-describedby')).toBe(rules.id);
    type('New password', 'abcdefgh');
    const met = [...rules.querySelectorAll('li[data-met="true"]')].map((li) => li.textContent);
    expect(met).toEqual(['At least 8 characters (done)', 'A letter (done)']);
    expect(screen.queryByText(HEADING)).toBeNull();
  });

  it('says the passwords do not match and sends nothing', async () => {
    await openChange();
    type('Current password', 'old-pass-1!');
    type('New password', 'N3w-password!');
    type('Confirm new password', 'N3w-password?');
    fireEvent.click(screen.getAllByRole('button', { name: 'Change password' }).at(-1)!);
    expect((await screen.findByRole('alert')).textContent).toBe('Your passwords do not match');
    expect(passwordCalls()).toEqual([]);
  });

  it('lists the unmet requirements under the spec heading and sends nothing', async () => {
    await openChange();
    type('Current password', 'old-pass-1!');
    type('New password', 'abcdefgh');
    type('Confirm new password', 'abcdefgh');
    fireEvent.click(screen.getAllByRole('button', { name: 'Change password' }).at(-1)!);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(HEADING);
    expect([...alert.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Your password must contain a number.',
      'Your password must contain a special character.',
    ]);
    expect(passwordCalls()).toEqual([]);
  });

  it('sends the change with "Sign out of other devices" on by default, is disabled while working, then toasts', async () => {
    hold = true;
    await openChange();
    expect((screen.getByLabelText('Sign out of other devices') as HTMLInputElement).checked).toBe(true);
    type('Current password', 'old-pass-1!');
    type('New password', 'N3w-password!');
    type('Confirm new password', 'N3w-password!');
    const submit = screen.getAllByRole('button', { name: 'Change password' }).at(-1)!;
    fireEvent.click(submit);
    await waitFor(() => expect(passwordCalls()).toHaveLength(1));
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(submit);
    expect(passwordCalls()).toHaveLength(1);
    expect(passwordCalls()[0]!.body).toEqual({
      currentPassword: 'old-pass-1!',
      newPassword: 'N3w-password!',
      revokeOtherSessions: true,
    });
    release();
    await waitFor(() => expect(toasts()).toContain('Your password has been changed.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps other devices signed in when the box is unticked', async () => {
    await openChange();
    fireEvent.click(screen.getByLabelText('Sign out of other devices'));
    type('Current password', 'old-pass-1!');
    type('New password', 'N3w-password!');
    type('Confirm new password', 'N3w-password!');
    fireEvent.click(screen.getAllByRole('button', { name: 'Change password' }).at(-1)!);
    await waitFor(() => expect(passwordCalls()).toHaveLength(1));
    expect(passwordCalls()[0]!.body).toMatchObject({ revokeOtherSessions: false });
  });

  it('shows the server message for a wrong current password and stays open', async () => {
    answer = () =>
      jsonResponse(
        { detail: { status: 'INVALID_PASSWORD', message: 'Your current password is incorrect.' } },
        { status: 400 },
      );
    await openChange();
    type('Current password', 'wrong-pass-1!');
    type('New password', 'N3w-password!');
    type('Confirm new password', 'N3w-password!');
    fireEvent.click(screen.getAllByRole('button', { name: 'Change password' }).at(-1)!);
    expect((await screen.findByRole('alert')).textContent).toBe('Your current password is incorrect.');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(toasts()).not.toContain('Your password has been changed.');
  });
});

describe('settings: set a password (account made by social sign-in)', () => {
  async function openSet() {
    providers = ['google'];
    renderWithProviders(<PasswordSetting />, { path: '/app/settings' });
    fireEvent.click(await screen.findByRole('button', { name: 'Set a password' }));
    await screen.findByRole('dialog', { name: 'Set a password' });
  }

  it('asks only for the new password twice and sets it', async () => {
    answer = () => jsonResponse({ status: 'ok', message: SET_MESSAGE });
    await openSet();
    expect(screen.queryByLabelText('Current password')).toBeNull();
    expect(screen.queryByLabelText('Sign out of other devices')).toBeNull();
    type('New password', 'Str0ng-pass!');
    type('Confirm new password', 'Str0ng-pass!');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(toasts()).toContain(SET_MESSAGE));
    expect(passwordCalls()).toEqual([
      { url: '/v1/user/set-password', body: { new_password: 'Str0ng-pass!' } },
    ]);
  });

  it('says the passwords do not match', async () => {
    await openSet();
    type('New password', 'Str0ng-pass!');
    type('Confirm new password', 'Str0ng-pass');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your passwords do not match');
    expect(passwordCalls()).toEqual([]);
  });

  it('shows the email-confirmation request as a toast when the sign-in is not recent', async () => {
    answer = () =>
      jsonResponse(
        { detail: { status: 'email_access_verification_required', message: EMAIL_ACCESS_MESSAGE } },
        { status: 403 },
      );
    await openSet();
    type('New password', 'Str0ng-pass!');
    type('Confirm new password', 'Str0ng-pass!');
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(toasts()).toContain(EMAIL_ACCESS_MESSAGE));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
