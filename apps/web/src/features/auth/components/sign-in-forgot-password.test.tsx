// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import SignInRoute from '@/app/routes/sign-in';
import { Toaster } from '@/components/ui/toast/toaster';
import { toastStore } from '@/components/ui/toast/toast-store';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

type Call = { url: string; body: unknown };
let calls: Call[];
let resetAnswer: () => Response;
let signInAnswers: (() => Response)[];

const RESET_SENT =
  'If a user with the email ada@example.com exists, then we have sent an email containing instructions on how to reset your password.';
const NO_USER = 'No user is found with the provided credentials';

beforeEach(() => {
  calls = [];
  resetAnswer = () => jsonResponse({ status: 'ok', message: RESET_SENT });
  signInAnswers = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/v1/user/send-password-reset-email') return resetAnswer();
      if (url === '/v1/sign-in-providers') return jsonResponse({ social: [] });
      if (url === '/api/auth/sign-in/email') return signInAnswers.shift()!();
      if (url === '/api/auth/get-session')
        return jsonResponse({
          session: { id: 's', expiresAt: '' },
          user: { id: 'u', email: 'ada@example.com' },
        });
      return jsonResponse(null);
    }),
  );
});

function Where() {
  const location = useLocation();
  return <span data-testid="where">{location.pathname + location.search}</span>;
}

function renderSignIn(path = '/sign-in') {
  renderWithProviders(
    <>
      <Routes>
        <Route path="/sign-in" element={<SignInRoute />} />
        <Route path="/app/*" element={<p>App page</p>} />
      </Routes>
      <Toaster />
      <Where />
    </>,
    { path },
  );
}

const typeCredentials = (password: string) => {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
};
const resetCalls = () => calls.filter((c) => c.url === '/v1/user/send-password-reset-email');

describe('sign-in: forgot password', () => {
  it('links to a reset step that keeps the typed address and says the mail is on its way', async () => {
    renderSignIn('/sign-in?redirect=%2Fapp%2Fusage');
    typeCredentials('');
    fireEvent.click(screen.getByRole('link', { name: 'Forgot password?' }));

    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe(
      '/sign-in?redirect=%2Fapp%2Fusage&step=forgot-password',
    );
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect((await screen.findByRole('status')).textContent).toBe(RESET_SENT);
    expect(resetCalls().map((c) => c.body)).toEqual([{ email: 'ada@example.com', continue_url: '/sign-in' }]);
    // The answer stays on the page (no toast that closes after 5.5 s).
    expect(toastStore.getSnapshot()).toEqual([]);

    fireEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/sign-in?redirect=%2Fapp%2Fusage');
  });

  it("shows the mail limiter's own message when the server answers 429", async () => {
    resetAnswer = () =>
      jsonResponse(
        {
          detail: {
            status: 'too_many_requests',
            message: 'Too many requests, please try again in a few minutes.',
          },
        },
        { status: 429 },
      );
    renderSignIn('/sign-in?step=forgot-password');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests, please try again in a few minutes.',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("falls back to the spec's text when the server gives no message", async () => {
    resetAnswer = () => new Response('bad gateway', { status: 502 });
    renderSignIn('/sign-in?step=forgot-password');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An error occured while requesting the password change.',
    );
  });

  it("opens the same step from the failed sign-in toast's reset link, with the address", async () => {
    signInAnswers.push(() =>
      jsonResponse({ detail: { status: 'INVALID_EMAIL_OR_PASSWORD', message: 'x' } }, { status: 401 }),
    );
    renderSignIn();
    typeCredentials('wrong-password-1!');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toContain(NO_USER);
    fireEvent.click(within(failure).getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect(resetCalls()).toHaveLength(0);
  });
});

describe('sign-in: toasts of a failed attempt', () => {
  it('are gone once a later attempt signs in and the next page shows', async () => {
    signInAnswers.push(
      () => jsonResponse({ detail: { status: 'INVALID_EMAIL_OR_PASSWORD', message: 'x' } }, { status: 401 }),
      () => jsonResponse({ token: 't', user: { id: 'u' } }),
    );
    renderSignIn();
    typeCredentials('wrong-password-1!');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain(NO_USER);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false),
    );
    typeCredentials('right-password-1!');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('App page')).toBeTruthy();
    expect(toastStore.getSnapshot()).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
