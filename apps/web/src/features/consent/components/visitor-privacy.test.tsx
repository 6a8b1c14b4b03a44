// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import type { VisitorPrivacy as Answer } from '@vocalis/contracts/consent';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { Toaster } from '@/components/ui/toast/toaster';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { VisitorPrivacy } from './visitor-privacy';

const answer = (over: Partial<Answer>): Answer => ({
  location: { region: null, country: null, city: null },
  geo_location: null,
  gpc: false,
  ccpa_opt_out_applies: false,
  analytics_consent: 'not_applicable',
  ...over,
});
const CALIFORNIA = answer({
  location: { region: 'CA', country: 'US', city: 'Berkeley' },
  geo_location: 'US-CA',
  ccpa_opt_out_applies: true,
});
const ILLINOIS = answer({
  location: { region: 'IL', country: 'US', city: 'Chicago' },
  geo_location: 'US-IL',
});

function visit(server: Answer, path = '/sign-in', gpc?: boolean) {
  const fetch = vi.fn(async () => jsonResponse(server));
  vi.stubGlobal('fetch', fetch);
  if (gpc !== undefined) vi.stubGlobal('navigator', { ...navigator, globalPrivacyControl: gpc });
  renderWithProviders(
    <>
      <VisitorPrivacy />
      <Toaster />
    </>,
    { path },
  );
  return fetch;
}

const choices = () => screen.findByRole('region', { name: 'Privacy choices' });

describe('privacy choices for a signed-out visitor (accounts.md §5)', () => {
  beforeEach(() => {
    document.cookie = 'xi_ccpa_opt_out=; Max-Age=0; Path=/; Secure; SameSite=Strict';
  });

  it('offers the opt-out in a listed US state and stores it in browser storage and the cookie', async () => {
    const fetch = visit(CALIFORNIA);
    const region = await choices();
    expect(within(region).getByText('Do not sell or share my personal information')).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Opt out' }));
    expect(await screen.findByText('You have opted out of the sale and sharing of your data.')).toBeTruthy();
    expect(within(region).getByText('You are opted out.')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Opt back in' })).toBeTruthy();
    expect(window.localStorage.getItem('ccpa_opt_out')).toBe('true');
    expect(document.cookie).toContain('xi_ccpa_opt_out=true');
    expect(fetch).toHaveBeenCalledWith('/v1/privacy/visitor', expect.anything());
  });

  it('closes to a small link for the rest of the session, which opens it again', async () => {
    visit(CALIFORNIA);
    fireEvent.click(within(await choices()).getByRole('button', { name: 'Close privacy choices' }));
    expect(screen.queryByRole('region', { name: 'Privacy choices' })).toBeNull();
    expect(window.sessionStorage.getItem('privacy_choices_closed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Your privacy choices' }));
    expect(within(await choices()).getByRole('button', { name: 'Opt out' })).toBeTruthy();
  });

  it('moves keyboard focus to the link when the card closes, and back into the card when it opens', async () => {
    visit(CALIFORNIA);
    const close = within(await choices()).getByRole('button', { name: 'Close privacy choices' });
    close.focus();
    fireEvent.click(close);
    const link = screen.getByRole('button', { name: 'Your privacy choices' });
    expect(document.activeElement).toBe(link);
    fireEvent.click(link);
    const region = await choices();
    expect(document.activeElement).toBe(
      within(region).getByRole('button', { name: 'Close privacy choices' }),
    );
  });

  it('offers nothing in a state that is not listed, without a signal', async () => {
    const fetch = visit(ILLINOIS);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('region', { name: 'Privacy choices' })).toBeNull();
  });

  it("opts out at once on the browser's Global Privacy Control signal, anywhere", async () => {
    visit(ILLINOIS, '/sign-up', true);
    const region = await choices();
    expect(
      within(region).getByText('Your browser sends a Global Privacy Control signal, so you are opted out.'),
    ).toBeTruthy();
    expect(within(region).queryByRole('button', { name: /Opt/ })).toBeNull();
    expect(window.localStorage.getItem('ccpa_opt_out')).toBe('true');
    expect(document.cookie).toContain('xi_ccpa_opt_out=true');
  });

  it('opts out on the Sec-GPC header the server saw', async () => {
    visit({ ...ILLINOIS, gpc: true, ccpa_opt_out_applies: true }, '/share/abc');
    const region = await choices();
    expect(
      within(region).getByText('Your browser sends a Global Privacy Control signal, so you are opted out.'),
    ).toBeTruthy();
    await vi.waitFor(() => expect(window.localStorage.getItem('ccpa_opt_out')).toBe('true'));
  });

  it('asks for analytics consent in a listed European region and keeps the answer', async () => {
    visit(
      answer({
        location: { region: 'ENG', country: 'GB', city: 'Newmarket' },
        geo_location: 'GB-ENG',
        analytics_consent: 'undecided',
      }),
    );
    const banner = await screen.findByRole('region', { name: 'Analytics consent' });
    fireEvent.click(within(banner).getByRole('button', { name: 'Decline' }));
    expect(screen.queryByRole('region', { name: 'Analytics consent' })).toBeNull();
    expect(window.localStorage.getItem('analytics_consent')).toBe('denied');
    expect(screen.queryByRole('region', { name: 'Privacy choices' })).toBeNull();
  });

  it('leaves the signed-in app to its own consent shell', async () => {
    const fetch = visit(CALIFORNIA, '/app/home');
    await new Promise((r) => setTimeout(r, 20));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Privacy choices' })).toBeNull();
  });
});
