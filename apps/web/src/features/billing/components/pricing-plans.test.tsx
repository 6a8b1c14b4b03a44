// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ExtendedSubscription } from '@vocalis/contracts/billing';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { toastStore } from '@/components/ui/toast/toast-store';
import { jsonResponse, renderWithProviders } from '@/testing/test-utils';

import { navigation } from '../hooks/use-checkout';
import { viewerOf } from '../lib/current-plan';

import { PricingPlans } from './pricing-plans';

function subscription(overrides: Partial<ExtendedSubscription> = {}): ExtendedSubscription {
  return {
    tier: 'free',
    character_count: 0,
    character_limit: 10_000,
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
    status: 'free',
    billing_period: null,
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
    ...overrides,
  };
}

const toasts = () => toastStore.getSnapshot().map((t) => t.title);
const card = (name: string) => screen.getByRole('article', { name });
const button = (name: string) => within(card(name)).getAllByRole('button')[0] as HTMLButtonElement;
const badges = (name: string) =>
  within(within(card(name)).getByRole('list', { name: `${name} badges` }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

type Call = { url: string; body: unknown };
let calls: Call[];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.endsWith('create-checkout-session')) return jsonResponse({ url: '/checkout/cs_1' });
      return jsonResponse({ status: 'ok' });
    }),
  );
});

describe('pricing cards, signed out (billing.md §2)', () => {
  it("shows 'Get Started Free', 'Start Today', the Creator first-month badge and Enterprise's 'Contact Sales'", () => {
    renderWithProviders(<PricingPlans viewer={{ loggedIn: false }} />);
    expect(button('Free').textContent).toBe('Get Started Free');
    for (const name of ['Starter', 'Creator', 'Pro', 'Scale', 'Business'])
      expect(button(name).textContent).toBe('Start Today');
    expect(button('Enterprise').textContent).toBe('Contact Sales');
    expect(badges('Creator')).toEqual(['50% off first month']);
    expect(within(card('Creator')).getByText('$11')).toBeTruthy();
    expect(within(card('Creator')).getByText('$22')).toBeTruthy();
    expect(within(card('Pro')).getByText('$99')).toBeTruthy();
  });

  it("switches to yearly: '2 months free' on paid plans, no first-month badge, yearly price per month; remembers the choice", () => {
    renderWithProviders(<PricingPlans viewer={{ loggedIn: false }} />);
    fireEvent.click(screen.getByRole('radio', { name: /Annual/ }));
    expect(badges('Creator')).toEqual(['2 months free']);
    expect(badges('Free')).toEqual([]);
    expect(within(card('Starter')).getByText('$4.17')).toBeTruthy();
    expect(within(card('Business')).getByText('$1,100')).toBeTruthy();
    expect(window.localStorage.getItem('xi:billing_period_choice')).toBe('"yearly"');
  });

  it('shows EUR with a € suffix', () => {
    renderWithProviders(<PricingPlans viewer={{ loggedIn: false }} />);
    fireEvent.click(screen.getByRole('radio', { name: 'EUR' }));
    expect(within(card('Starter')).getByText('4.75€')).toBeTruthy();
    expect(within(card('Business')).getByText('1,256€')).toBeTruthy();
    // The overage rate follows the chosen currency (decision 024: the §9 figures, in euros).
    expect(
      within(card('Creator')).getByText('If you allow it, up to 1,000 extra characters at 0.30€ per 1,000'),
    ).toBeTruthy();
    expect(
      within(card('Business')).getByText('If you allow it, up to 20,000 extra characters at 0.10€ per 1,000'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'USD' }));
    expect(
      within(card('Creator')).getByText('If you allow it, up to 1,000 extra characters at $0.30 per 1,000'),
    ).toBeTruthy();
  });
});

describe('pricing cards, signed in (billing.md §4)', () => {
  it("free workspace: free card 'Subscribed' (disabled), others 'Subscribe'; Subscribe starts checkout", async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    renderWithProviders(<PricingPlans viewer={viewerOf(subscription())} />);
    expect(button('Free').textContent).toBe('Subscribed');
    expect(button('Free').disabled).toBe(true);
    expect(button('Creator').textContent).toBe('Subscribe');
    expect(button('Creator').disabled).toBe(false);
    fireEvent.click(button('Creator'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/cs_1'));
    expect(calls[0]).toEqual({
      url: '/v1/billing/create-checkout-session',
      body: {
        subscription_type: 'creator',
        billing_period: 'monthly_period',
        currency: 'usd',
        promocode: null,
      },
    });
  });

  it("disables 'Subscribe' while the status is incomplete", () => {
    renderWithProviders(<PricingPlans viewer={viewerOf(subscription({ status: 'incomplete' }))} />);
    expect(button('Pro').disabled).toBe(true);
  });

  it('paid workspace: Cancel Subscription on its card, Upgrade above, Downgrade below (Free too), no first-month badge after Pro', () => {
    renderWithProviders(
      <PricingPlans
        viewer={viewerOf(
          subscription({
            tier: 'pro',
            status: 'active',
            billing_period: 'monthly_period',
            previously_subscribed_tiers: ['pro'],
          }),
        )}
      />,
    );
    expect(button('Pro').textContent).toBe('Cancel Subscription');
    expect(button('Creator').textContent).toBe('Downgrade');
    expect(button('Scale').textContent).toBe('Upgrade');
    // Not 'Get Started Free' (issue 16): a subscribed workspace's way back to Free is a downgrade.
    expect(button('Free').textContent).toBe('Downgrade');
    expect(button('Free').disabled).toBe(false);
    expect(badges('Creator')).toEqual([]);
  });

  it('disables Upgrade unless the status is active', () => {
    renderWithProviders(
      <PricingPlans
        viewer={viewerOf(
          subscription({ tier: 'creator', status: 'past_due', billing_period: 'monthly_period' }),
        )}
      />,
    );
    expect(button('Pro').textContent).toBe('Upgrade');
    expect(button('Pro').disabled).toBe(true);
    expect(button('Starter').disabled).toBe(false);
  });

  it("pending downgrade: 'Will be downgraded' on the current card and 'Cancel Downgrade' on the target", async () => {
    renderWithProviders(
      <PricingPlans
        viewer={viewerOf(
          subscription({
            tier: 'creator',
            status: 'active',
            billing_period: 'monthly_period',
            scheduled_change: {
              type: 'downgrade',
              downgrade_to: 'starter',
              billing_period: 'monthly_period',
              effective_at_unix: 1_900_000_000,
            },
          }),
        )}
      />,
    );
    expect(badges('Creator')).toContain('Will be downgraded');
    expect(button('Starter').textContent).toBe('Cancel Downgrade');
    expect(button('Free').textContent).toBe('Downgrade');
    fireEvent.click(button('Starter'));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/v1/billing/cancel-downgrade'));
  });

  it("a scheduled downgrade to Free puts 'Cancel Downgrade' on the free card", () => {
    renderWithProviders(
      <PricingPlans
        viewer={viewerOf(
          subscription({
            tier: 'pro',
            status: 'active',
            billing_period: 'monthly_period',
            scheduled_change: {
              type: 'downgrade',
              downgrade_to: 'free',
              billing_period: 'monthly_period',
              effective_at_unix: 1_900_000_000,
            },
          }),
        )}
      />,
    );
    expect(button('Free').textContent).toBe('Cancel Downgrade');
    expect(button('Free').disabled).toBe(false);
  });

  it("cancel date set: 'Will be canceled' and 'Do Not Cancel'", () => {
    renderWithProviders(
      <PricingPlans
        viewer={viewerOf(
          subscription({
            tier: 'pro',
            status: 'active',
            billing_period: 'monthly_period',
            cancel_at_unix: 1_900_000_000,
          }),
        )}
      />,
    );
    expect(badges('Pro')).toContain('Will be canceled');
    expect(button('Pro').textContent).toBe('Do Not Cancel');
  });

  it('confirms a downgrade with one idempotency key, then posts change-subscription', async () => {
    renderWithProviders(
      <PricingPlans
        viewer={viewerOf(subscription({ tier: 'pro', status: 'active', billing_period: 'monthly_period' }))}
      />,
    );
    fireEvent.click(button('Creator'));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to Creator' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm downgrade' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/v1/billing/change-subscription')).toBe(true));
    const body = calls.find((c) => c.url === '/v1/billing/change-subscription')!.body as Record<
      string,
      string
    >;
    expect(body).toMatchObject({ subscription_type: 'creator', billing_period: 'monthly_period' });
    expect(body.idempotency_key).toMatch(/[0-9a-f-]{36}/);
  });

  it("the Free card's Downgrade confirms, then schedules the move to Free", async () => {
    renderWithProviders(
      <PricingPlans
        viewer={viewerOf(
          subscription({ tier: 'creator', status: 'active', billing_period: 'monthly_period' }),
        )}
      />,
    );
    fireEvent.click(button('Free'));
    const dialog = await screen.findByRole('dialog', { name: 'Downgrade to Free' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm downgrade' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/v1/billing/change-subscription')?.body).toMatchObject({
        subscription_type: 'free',
        billing_period: 'monthly_period',
      }),
    );
  });

  it('lists only what the product does and the limits it enforces', () => {
    renderWithProviders(<PricingPlans viewer={{ loggedIn: false }} />);
    const lines = within(card('Creator'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual(
      expect.arrayContaining([
        '100,000 characters / month (~2 h of speech)',
        '5 generations at a time',
        'If you allow it, up to 1,000 extra characters at $0.30 per 1,000',
      ]),
    );
    const all = screen
      .getAllByRole('article')
      .map((a) => a.textContent)
      .join(' ');
    for (const absent of ['custom voice', 'studio project', 'seat', 'professional voice', 'licence'])
      expect(all.toLowerCase()).not.toContain(absent);
  });

  it("a failed change shows 'Failed to upgrade subscription'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ detail: { status: 'x', message: 'no' } }, { status: 400 })),
    );
    renderWithProviders(
      <PricingPlans
        viewer={viewerOf(
          subscription({ tier: 'creator', status: 'active', billing_period: 'monthly_period' }),
        )}
      />,
    );
    fireEvent.click(button('Pro'));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm upgrade' }),
    );
    await waitFor(() => expect(toasts()).toEqual(['Failed to upgrade subscription']));
  });

  it('coupon_expired at checkout shows its message and drops the stored coupon', async () => {
    window.localStorage.setItem(
      'xi:promo_coupon',
      JSON.stringify({
        promocode: 'OLD',
        amount_off: 2200,
        percent_off: null,
        duration_in_months: 1,
        extended: true,
      }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ detail: { status: 'coupon_expired', message: 'expired' } }, { status: 400 }),
      ),
    );
    renderWithProviders(<PricingPlans viewer={viewerOf(subscription())} />);
    fireEvent.click(button('Creator'));
    await waitFor(() =>
      expect(toasts()).toEqual([
        "This coupon has expired, please use a different one. We've removed it from your browser.",
      ]),
    );
    expect(window.localStorage.getItem('xi:promo_coupon')).toBe('null');
  });
});
