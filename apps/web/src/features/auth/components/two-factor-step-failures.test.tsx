// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { SignInForm } from './sign-in-form';

/**
 * The second sign-in step's failure toasts (accounts.md §8: 'Too many sign-in attempts…' or 'An unknown
 * error occurred with Two-Factor Authentication, please try again.') for the answers the real server gives,
 * word for word as recorded by apps/server/src/features/two-factor/second-factor-failures.routes.test.ts.
 */
const ANSWERS = {
  wrongCode: { status: 401, detail: { status: 'INVALID_CODE', message: 'Invalid code' } },
  wrongBackupCode: { status: 401, detail: { status: 'INVALID_BACKUP_CODE', message: 'Invalid backup code' } },
  tooManyTries: {
    status: 400,
    detail: {
      status: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
      message: 'Too many attempts. Please request a new code.',
    },
  },
  locked: {
    status: 429,
    detail: {
      status: 'ACCOUNT_TEMPORARILY_LOCKED',
      message:
        'Too many failed verification attempts. Your account is temporarily locked. Please try again later.',
    },
  },
  textedCodeGone: { status: 400, detail: { status: 'OTP_HAS_EXPIRED', message: 'OTP has expired' } },
  noChallenge: {
    status: 401,
    detail: { status: 'INVALID_TWO_FACTOR_COOKIE', message: 'Invalid two factor cookie' },
  },
} as const;
type Answer = keyof typeof ANSWERS;

const UNKNOWN = 'An unknown error occurred with Two-Factor Authentication, please try again.';
const TOO_MANY = 'Too many sign-in attempts, please try again in a few minutes.';

let calls: string[];
let verifyAnswer: Answer | null;
let methods: string[];

beforeEach(() => {
  toastStore.clear();
  calls = [];
  verifyAnswer = null;
  methods = ['totp'];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url === '/api/auth/sign-in/email')
        return jsonResponse({ twoFactorRedirect: true, twoFactorMethods: methods });
      if (url === '/api/auth/two-factor/send-otp') return jsonResponse({ status: true });
      if (url.startsWith('/api/auth/two-factor/verify')) {
        if (!verifyAnswer) return jsonResponse({ token: 't', user: {} });
        const { status, detail } = ANSWERS[verifyAnswer];
        return jsonResponse({ detail }, { status });
      }
      return jsonResponse(null);
    }),
  );
});

const toasts = () => toastStore.getSnapshot().map((t) => t.title);
const errorToasts = () =>
  toastStore
    .getSnapshot()
    .filter((t) => t.variant === 'error')
    .map((t) => t.title);

const STEP_FIELD = { totp: 'Authentication code', backup: 'Backup code', sms: 'Text message code' } as const;

async function submitWrong(method: keyof typeof STEP_FIELD, answer: Answer) {
  methods = method === 'sms' ? ['otp'] : ['totp'];
  renderWithProviders(<SignInForm onSuccess={vi.fn()} />);
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'pw' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await screen.findByLabelText(STEP_FIELD[method === 'backup' ? 'totp' : method]);
  if (method === 'backup') fireEvent.click(screen.getByRole('button', { name: 'Use a backup code' }));
  verifyAnswer = answer;
  fireEvent.change(screen.getByLabelText(STEP_FIELD[method]), {
    target: { value: method === 'backup' ? 'AAAAA-BBBBB' : '000000' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('sign-in second step: failures from the real server', () => {
  it.each([
    ['totp', 'wrongCode', UNKNOWN],
    ['backup', 'wrongBackupCode', UNKNOWN],
    ['sms', 'wrongCode', UNKNOWN],
    ['sms', 'textedCodeGone', UNKNOWN],
    ['totp', 'locked', TOO_MANY],
    ['sms', 'locked', TOO_MANY],
  ] as const)(
    '%s code, %s: shows %j and stays on the step with the field emptied',
    async (method, answer, text) => {
      await submitWrong(method, answer);
      await waitFor(() => expect(errorToasts()).toEqual([text]));
      const field = screen.getByLabelText<HTMLInputElement>(STEP_FIELD[method]);
      expect(field.value).toBe('');
      expect(screen.queryByLabelText('Password')).toBeNull();
      // better-auth's own wording never reaches the user.
      expect(toasts()).not.toContain(ANSWERS[answer].detail.message);
    },
  );

  it.each(['totp', 'backup'] as const)(
    '%s code, too many tries: shows the too-many text and goes back to the password (the challenge is over)',
    async (method) => {
      await submitWrong(method, 'tooManyTries');
      await waitFor(() => expect(errorToasts()).toEqual([TOO_MANY]));
      expect(await screen.findByLabelText('Password')).toBeTruthy();
    },
  );

  it('texted code, too many tries: shows the too-many text and stays; a resent code signs in', async () => {
    await submitWrong('sms', 'tooManyTries');
    await waitFor(() => expect(errorToasts()).toEqual([TOO_MANY]));
    expect(screen.queryByLabelText('Password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() =>
      expect(calls.filter((url) => url === '/api/auth/two-factor/send-otp')).toHaveLength(2),
    );
    await waitFor(() =>
      expect(toasts()).toContain('We have sent you a text message with your sign-in code.'),
    );
  });

  it('no challenge any more (expired): shows the unknown-error text and goes back to the password', async () => {
    await submitWrong('totp', 'noChallenge');
    await waitFor(() => expect(errorToasts()).toEqual([UNKNOWN]));
    expect(await screen.findByLabelText('Password')).toBeTruthy();
  });
});
