// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { SignUpForm } from './sign-up-form';

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('sign-up form', () => {
  it('shows the spec heading and every unmet rule, and does not call the server', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<SignUpForm onSuccess={() => {}} />, { path: '/sign-up' });
    fill('ada@example.com', 'abc');
    expect(screen.getByText("Your password doesn't meet our security requirements:")).toBeTruthy();
    expect(screen.getByText('Your password must contain a number.')).toBeTruthy();
    expect(screen.getByText('Your password must contain a special character.')).toBeTruthy();
    expect(screen.getByText('Your password must be more than 8 characters long.')).toBeTruthy();
    expect(screen.queryByText('Your password must contain a letter.')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('signs up with a valid password', async () => {
    const fetch = vi.fn(async () => jsonResponse({ token: null, user: { id: 'u' } }));
    vi.stubGlobal('fetch', fetch);
    const onSuccess = vi.fn();
    renderWithProviders(<SignUpForm onSuccess={onSuccess} />, { path: '/sign-up' });
    fill(' ada@example.com ', 'Str0ng-pass!');
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledWith('ada@example.com'));
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/sign-up/email',
      expect.objectContaining({ method: 'POST' }),
    );
    const body = JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body).toEqual({ email: 'ada@example.com', password: 'Str0ng-pass!', name: 'ada' });
  });
});
