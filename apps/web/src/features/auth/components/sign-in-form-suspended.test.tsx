// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toast/toaster';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { SignInForm } from './sign-in-form';

const BANNED =
  'Your account has been suspended for violating our prohibited use policy. If you think this is a mistake, you can appeal.';

function signInAs(detail: Record<string, string>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => jsonResponse({ detail }, { status: 403 })),
  );
  renderWithProviders(
    <>
      <SignInForm onSuccess={() => {}} />
      <Toaster />
    </>,
    { path: '/sign-in' },
  );
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Str0ng-pass!' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('a suspended account signing in (accounts.md §6)', () => {
  it('sees the prohibited-use notice with the appeal link the server gives', async () => {
    signInAs({
      status: 'BANNED_USER',
      message: BANNED,
      appeal_url: 'mailto:appeals@vocalis.test?subject=Appeal%20of%20account%20suspension',
    });
    expect(await screen.findByText(BANNED)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Appeal' }).getAttribute('href')).toBe(
      'mailto:appeals@vocalis.test?subject=Appeal%20of%20account%20suspension',
    );
  });

  it('gets no link from an address that is neither a web page nor mail', async () => {
    signInAs({ status: 'BANNED_USER', message: BANNED, appeal_url: 'javascript:alert(1)' });
    expect(await screen.findByText(BANNED)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Appeal' })).toBeNull();
  });

  it('shows no appeal link to a disabled account', async () => {
    signInAs({
      status: 'ACCOUNT_DISABLED',
      message: 'Your account has been disabled by an administrator in your workspace.',
      appeal_url: 'https://vocalis.test/appeal',
    });
    expect(
      await screen.findByText('Your account has been disabled by an administrator in your workspace.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Appeal' })).toBeNull();
  });
});
