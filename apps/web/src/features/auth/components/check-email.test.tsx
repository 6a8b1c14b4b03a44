// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { CheckEmail } from './check-email';

function renderWith(answer: () => Response) {
  const fetch = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetch);
  renderWithProviders(<CheckEmail email="ada@example.com" />, { path: '/sign-up' });
  return fetch;
}

describe('sign-up: check your email', () => {
  it('resends the verification mail to the address and says so on the page', async () => {
    const fetch = renderWith(() => jsonResponse({ status: 'ok', message: 'Sent.' }));
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'We have sent you a new email with instructions on how to verify your account.',
    );
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/user/send-verification-email');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'ada@example.com', continue_url: '/sign-in' });
  });

  it("shows the mail limiter's message on 429", async () => {
    renderWith(() =>
      jsonResponse(
        {
          detail: {
            status: 'too_many_requests',
            message: 'Too many requests, please try again in a few minutes.',
          },
        },
        { status: 429 },
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests, please try again in a few minutes.',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("falls back to the spec's text when the server says nothing usable", async () => {
    renderWith(() => new Response('', { status: 503 }));
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An error occured while sending the verification email.',
    );
  });
});
