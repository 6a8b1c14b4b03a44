// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toast/toaster';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { SignUpForm } from './sign-up-form';

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

type Call = { url: string; body: Record<string, unknown> };
const calls = (fetch: ReturnType<typeof vi.fn>): Call[] =>
  (fetch.mock.calls as unknown as [string, RequestInit][]).map(([url, init]) => ({
    url,
    body: JSON.parse(String(init.body)) as Record<string, unknown>,
  }));

function renderForm(path = '/sign-up') {
  const onSuccess = vi.fn();
  renderWithProviders(
    <>
      <SignUpForm onSuccess={onSuccess} />
      <Toaster />
    </>,
    { path },
  );
  return onSuccess;
}

describe('sign-up form', () => {
  it('shows the spec heading and every unmet rule, and does not call the server', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    fill('ada@example.com', 'abc');
    expect(screen.getByText("Your password doesn't meet our security requirements:")).toBeTruthy();
    expect(screen.getByText('Your password must contain a number.')).toBeTruthy();
    expect(screen.getByText('Your password must contain a special character.')).toBeTruthy();
    expect(screen.getByText('Your password must be more than 8 characters long.')).toBeTruthy();
    expect(screen.queryByText('Your password must contain a letter.')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('ticks off the password rules while the password is typed, before anything is submitted', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderForm();
    const password = screen.getByLabelText('Password');
    const rules = screen.getByTestId('password-checklist');
    expect(password.getAttribute('aria-describedby')).toBe(rules.id);
    const met = () =>
      within(rules)
        .getAllByRole('listitem')
        .filter((item) => item.dataset.met === 'true')
        .map((item) => item.textContent);
    expect(met()).toEqual([]);
    fireEvent.change(password, { target: { value: 'abc1' } });
    expect(met()).toEqual(['A letter (done)', 'A number (done)']);
    fireEvent.change(password, { target: { value: 'abcdefg1!' } });
    expect(met()).toHaveLength(4);
    // Nothing was submitted, so the refusal heading is not shown.
    expect(screen.queryByText("Your password doesn't meet our security requirements:")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends pre-sign-up with the attribution, invite code and marketplace token, then creates the account', async () => {
    const fetch = vi.fn(async () => jsonResponse({ status: 'ok', message: 'Noted.' }));
    vi.stubGlobal('fetch', fetch);
    window.localStorage.setItem(
      'referral',
      JSON.stringify({ value: 'team42', expiresTimestamp: Date.now() + 60_000 }),
    );
    window.localStorage.setItem('xi:invite_code', JSON.stringify('inv-123'));
    const onSuccess = renderForm('/sign-up?gcp_jwt=marketplace-token');
    expect(screen.getByRole('checkbox', { name: /Send me product updates/ })).toHaveProperty(
      'checked',
      false,
    );
    fill(' ada@example.com ', 'Str0ng-pass!');
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith('ada@example.com'));
    expect(calls(fetch)).toEqual([
      {
        url: '/v1/user/pre-sign-up',
        body: {
          email: 'ada@example.com',
          account_metadata: { agrees_to_product_updates: false },
          recaptcha_token: null,
          pid: 'team42',
          xid: null,
          invite_code: 'inv-123',
          gcp_marketplace_jwt: 'marketplace-token',
        },
      },
      {
        url: '/api/auth/sign-up/email',
        body: { email: 'ada@example.com', password: 'Str0ng-pass!', name: 'ada' },
      },
    ]);
  });

  it('sends the product-updates opt-in when ticked', async () => {
    const fetch = vi.fn(async () => jsonResponse({ status: 'ok', message: 'Noted.' }));
    vi.stubGlobal('fetch', fetch);
    const onSuccess = renderForm();
    fireEvent.click(screen.getByRole('checkbox', { name: /Send me product updates/ }));
    fill('ada@example.com', 'Str0ng-pass!');
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(calls(fetch)[0]!.body).toMatchObject({
      account_metadata: { agrees_to_product_updates: true },
      pid: null,
      invite_code: null,
      gcp_marketplace_jwt: null,
    });
  });

  it('shows the message of a refused pre-sign-up and creates no account', async () => {
    const fetch = vi.fn(async () =>
      jsonResponse(
        { detail: { status: 'sign_up_not_allowed', message: 'Sign-ups from this address are not allowed.' } },
        { status: 403 },
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const onSuccess = renderForm();
    fill('ada@example.com', 'Str0ng-pass!');
    expect(await screen.findByText('Sign-ups from this address are not allowed.')).toBeTruthy();
    expect(calls(fetch).map((c) => c.url)).toEqual(['/v1/user/pre-sign-up']);
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
