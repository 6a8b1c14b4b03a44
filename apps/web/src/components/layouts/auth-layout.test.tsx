// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { AuthLayout } from './auth-layout';

function SignUp() {
  const [sent, setSent] = useState(false);
  return sent ? (
    <AuthLayout title="Check your email">
      <p>We have sent an email.</p>
    </AuthLayout>
  ) : (
    <AuthLayout title="Create your account">
      <input aria-label="Email" autoFocus />
      <button type="button" onClick={() => setSent(true)}>
        Create account
      </button>
    </AuthLayout>
  );
}

describe('account page layout', () => {
  it("leaves the form's focus alone at first, then moves focus to the heading of the next step", () => {
    renderWithProviders(<SignUp />, { path: '/sign-up' });
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    const submit = screen.getByRole('button', { name: 'Create account' });
    submit.focus();
    fireEvent.click(submit);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Check your email' }));
  });
});
