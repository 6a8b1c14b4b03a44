// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { navigation } from '../hooks/use-checkout';
import { Route, Routes } from 'react-router';

import PricingRoute from '../routes/pricing-route';
import SubscriptionRoute from '../routes/subscription-route';

type Call = { url: string; body: unknown };
let calls: Call[];
let tier: string;
let validation: Response | (() => Response);

const toasts = () => toastStore.getSnapshot().map((t) => t.title);
const saved = () => JSON.parse(window.localStorage.getItem('xi:promo_coupon') ?? 'null');

function sub() {
  return {
    tier,
    character_count: 120,
    character_limit: tier === 'free' ? 10_000 : 30_000,
    max_character_limit_extension: null,
    max_credit_limit_extension: 0,
    can_extend_character_limit: false,
    allowed_to_extend_character_limit: false,
    allowed_to_use_projects_api: false,
    next_character_count_reset_unix: 1_900_000_000,
    voice_slots_used: 0,
    professional_voice_slots_used: 0,
    professional_voice_slots_used_in_workspace: 0,
    voice_limit: 3,
    max_voice_add_edits: 55,
    voice_add_edit_counter: 0,
    professional_voice_limit: 0,
    can_extend_voice_limit: false,
    can_use_instant_voice_cloning: true,
    can_use_professional_voice_cloning: false,
    currency: null,
    current_overage: { amount: '0', currency: 'usd' },
    status: tier === 'free' ? 'free' : 'active',
    billing_period: tier === 'free' ? null : 'monthly_period',
    character_refresh_period: null,
    next_invoice: null,
    open_invoices: [],
    has_open_invoices: false,
    pending_change: null,
    current_period_end_unix: null,
    cancel_at_unix: null,
    scheduled_change: null,
    previously_subscribed_tiers: [],
    trust_on_invoice_creation: false,
    payment_provider: null,
    payment_method: null,
    max_seats: 1,
    concurrency_limit: 2,
  };
}

beforeEach(() => {
  calls = [];
  tier = 'free';
  validation = jsonResponse({ valid: true, amount_off: 2_200, percent_off: null, duration_in_months: 1 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.endsWith('/validate-promocode'))
        return typeof validation === 'function' ? validation() : validation;
      if (url.endsWith('/create-checkout-session')) return jsonResponse({ url: '/checkout/cs_9' });
      if (url.endsWith('/change-subscription')) return jsonResponse({ status: 'ok' });
      if (url.endsWith('/get-session'))
        return jsonResponse({
          session: { id: 's', expiresAt: '2999-01-01' },
          user: { id: 'u1', name: 'Bea', email: 'b@example.com', emailVerified: true },
        });
      return jsonResponse(sub());
    }),
  );
});

async function enterCode(code: string) {
  renderWithProviders(<SubscriptionRoute />);
  fireEvent.change(await screen.findByLabelText('Promo code', {}, { timeout: 5000 }), {
    target: { value: code },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
}

describe('promo code flow (billing.md §2, §4, §8)', () => {
  it("stores a valid code, toasts its effect and opens 'Use promo code' with the code and its effect", async () => {
    await enterCode('CREATOR1');
    const dialog = await screen.findByRole('dialog', { name: 'Use promo code' });
    expect(within(dialog).getByTestId('saved-promo-code').textContent).toBe('CREATOR1');
    expect(within(dialog).getByTestId('promo-effect').textContent).toContain(
      '$22 off each month for 1 month(s)',
    );
    expect(toasts()).toEqual(['Coupon code applied for checkout! $22 off each month for 1 month(s)']);
    expect(saved()).toEqual({
      promocode: 'CREATOR1',
      amount_off: 2_200,
      percent_off: null,
      duration_in_months: 1,
      extended: true,
    });
    expect(calls.find((c) => c.url.endsWith('validate-promocode'))?.body).toEqual({ promocode: 'CREATOR1' });
  });

  it("a free workspace's 'Subscribe to Creator' starts checkout with the code", async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    await enterCode('CREATOR1');
    const dialog = await screen.findByRole('dialog', { name: 'Use promo code' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe to Creator' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/cs_9'));
    expect(calls.find((c) => c.url.endsWith('create-checkout-session'))?.body).toEqual({
      subscription_type: 'creator',
      billing_period: 'monthly_period',
      currency: 'usd',
      promocode: 'CREATOR1',
    });
  });

  it('a paid workspace changes plan monthly with the code, then the promo is cleared', async () => {
    tier = 'starter';
    await enterCode('CREATOR1');
    const dialog = await screen.findByRole('dialog', { name: 'Use promo code' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe to Creator' }));
    await waitFor(() => expect(saved()).toBeNull());
    expect(calls.find((c) => c.url.endsWith('change-subscription'))?.body).toMatchObject({
      subscription_type: 'creator',
      billing_period: 'monthly_period',
      promocode: 'CREATOR1',
    });
  });

  it('says a code is applied when subscribing on Free, and taken off the next invoices on a paid plan', async () => {
    renderWithProviders(<SubscriptionRoute />);
    expect(await screen.findByText('It is applied when you subscribe.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('a paid workspace is not told the code waits for a subscription it already has', async () => {
    tier = 'creator';
    renderWithProviders(<SubscriptionRoute />);
    expect(
      await screen.findByText('It is taken off your next invoices.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByText('It is applied when you subscribe.')).toBeNull();
  });

  it("Close dialog shows the floating 'Use saved promo code' card; Remove promo code clears it with a notice", async () => {
    await enterCode('CREATOR1');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close dialog' }));
    const floating = await screen.findByRole('complementary', { name: 'Use saved promo code' });
    expect(within(floating).getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    fireEvent.click(within(floating).getByRole('button', { name: 'CREATOR1' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove promo code' }),
    );
    await waitFor(() => expect(saved()).toBeNull());
    expect(toasts()).toContain('Promo code removed');
    expect(screen.queryByRole('complementary', { name: 'Use saved promo code' })).toBeNull();
  });

  it("an invalid code toasts 'Coupon code {code} is invalid' and clears the stored promo", async () => {
    window.localStorage.setItem(
      'xi:promo_coupon',
      JSON.stringify({
        promocode: 'OLD',
        amount_off: 500,
        percent_off: null,
        duration_in_months: 1,
        extended: true,
      }),
    );
    validation = jsonResponse({
      valid: false,
      amount_off: null,
      percent_off: null,
      duration_in_months: null,
    });
    await enterCode('NOPE');
    await waitFor(() => expect(toasts()).toEqual(['Coupon code NOPE is invalid']));
    expect(saved()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("a failed validation call toasts 'Error validating promocode code'", async () => {
    validation = () => jsonResponse({ detail: { status: 'x', message: 'down' } }, { status: 500 });
    await enterCode('ANY');
    await waitFor(() => expect(toasts()).toEqual(['Error validating promocode code']));
    expect(saved()).toBeNull();
  });

  it('a valid code entered on /pricing sends the user to the subscription page with its dialog open', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/pricing" element={<PricingRoute />} />
        <Route path="/app/subscription" element={<SubscriptionRoute />} />
      </Routes>,
      { path: '/pricing' },
    );
    fireEvent.change(await screen.findByLabelText('Promo code', {}, { timeout: 5000 }), {
      target: { value: 'CREATOR1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Use promo code' }, { timeout: 5000 });
    expect(within(dialog).getByTestId('saved-promo-code').textContent).toBe('CREATOR1');
    expect(screen.getByRole('heading', { name: 'Subscription', hidden: true })).toBeTruthy();
  });

  it('back from a successful checkout, the spent promo is cleared and the user is told', async () => {
    window.localStorage.setItem(
      'xi:promo_coupon',
      JSON.stringify({
        promocode: 'PRO1',
        amount_off: 9_900,
        percent_off: null,
        duration_in_months: 2,
        extended: true,
      }),
    );
    renderWithProviders(<SubscriptionRoute />, { path: '/app/subscription?checkout=success' });
    await screen.findByTestId('current-plan-name');
    await waitFor(() => expect(saved()).toBeNull());
    expect(toasts()).toEqual(['Your subscription is active']);
  });

  it('loads a saved extended promo on start (the floating card), but not one without the extended flag', async () => {
    window.localStorage.setItem(
      'xi:promo_coupon',
      JSON.stringify({
        promocode: 'PRO1',
        amount_off: 9_900,
        percent_off: null,
        duration_in_months: 2,
        extended: true,
      }),
    );
    const { unmount } = renderWithProviders(<SubscriptionRoute />);
    const floating = await screen.findByRole('complementary', { name: 'Use saved promo code' });
    expect(floating.textContent).toContain('Pro');
    unmount();
    window.localStorage.setItem(
      'xi:promo_coupon',
      JSON.stringify({
        promocode: 'PRO1',
        amount_off: 9_900,
        percent_off: null,
        duration_in_months: 2,
        extended: false,
      }),
    );
    renderWithProviders(<SubscriptionRoute />);
    await screen.findByTestId('current-plan-name');
    expect(screen.queryByRole('complementary', { name: 'Use saved promo code' })).toBeNull();
  });
});
