import type { ExtendedSubscription } from '@vocalis/contracts/billing';
import {
  canChangePaymentMethod,
  isDisplayedAsCanceled,
  nextPayment,
  nextPaymentText,
} from '@vocalis/domain/billing/billing-display';
import { UNLIMITED_CHARACTERS } from '@vocalis/domain/plan-limits';
import { TIER_DISPLAY_NAMES, hasPaymentProblem, isPaidTier, toTier } from '@vocalis/domain/billing/tiers';
import { useMutation } from '@tanstack/react-query';

import { Button } from '@/components/ui/button';
import { showErrorToast } from '@/lib/error-toast';

import { createPortalSession } from '../api/create-portal-session';
import { createUpdatePaymentMethodsSession } from '../api/create-update-payment-methods-session';
import { navigation } from '../hooks/use-checkout';

const formatDate = (unix: number) =>
  new Date(unix * 1000).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** The workspace's plan at a glance: name, status, quota used, next payment, payment method. */
export function SubscriptionSummary({ sub }: { sub: ExtendedSubscription }) {
  const portal = useMutation({
    mutationFn: createPortalSession,
    onSuccess: ({ url }) => navigation.assign(url),
    onError: (e) => showErrorToast(e),
  });
  const card = useMutation({
    mutationFn: createUpdatePaymentMethodsSession,
    onSuccess: ({ url }) => navigation.assign(url),
    onError: (e) => showErrorToast(e),
  });
  const name = TIER_DISPLAY_NAMES[toTier(sub.tier)];
  const unlimited = sub.character_limit >= UNLIMITED_CHARACTERS;
  const used = Math.min(100, sub.character_limit > 0 ? (sub.character_count / sub.character_limit) * 100 : 0);
  const next = nextPayment({
    has_open_invoices: sub.has_open_invoices,
    next_invoice:
      sub.next_invoice && sub.next_invoice.next_payment_attempt_unix > 0 ? sub.next_invoice : null,
    billing_period:
      sub.billing_period === 'annual_period' ? 'annual_period' : sub.billing_period ? 'monthly_period' : null,
    next_character_count_reset_unix: sub.next_character_count_reset_unix ?? 0,
  });
  const canceled = isDisplayedAsCanceled({ tier: sub.tier, cancelAt: sub.cancel_at_unix });
  const provider = sub.payment_provider ? 'card' : 'none';
  const changeCard = canChangePaymentMethod({
    tier: sub.tier,
    trustOnInvoiceCreation: sub.trust_on_invoice_creation,
    provider,
  });

  return (
    <section
      aria-label="Current plan"
      className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      {hasPaymentProblem(sub.status) ? (
        <p
          role="alert"
          className="mb-4 rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700 dark:bg-rose-500/10 dark:text-rose-300"
        >
          Your last payment did not go through. Update your payment method to keep your plan.
        </p>
      ) : null}
      <div className="grid gap-5 md:grid-cols-3">
        <div>
          <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase">Current plan</p>
          <p
            className="mt-1 text-xl font-semibold text-zinc-900 dark:text-white"
            data-testid="current-plan-name"
          >
            {name}
          </p>
          <p className="text-sm text-zinc-500 dark:text-zinc-400">
            {sub.billing_period === 'annual_period'
              ? 'Billed yearly'
              : isPaidTier(sub.tier)
                ? 'Billed monthly'
                : 'No payment needed'}
            {canceled && sub.cancel_at_unix ? ` · ends ${formatDate(sub.cancel_at_unix)}` : ''}
            {sub.scheduled_change
              ? ` · becomes ${TIER_DISPLAY_NAMES[toTier(sub.scheduled_change.downgrade_to)]} on ${formatDate(sub.scheduled_change.effective_at_unix)}`
              : ''}
          </p>
        </div>
        <div>
          <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase">Characters this period</p>
          <p className="mt-1 text-sm text-zinc-900 tabular-nums dark:text-white" data-testid="quota-text">
            {sub.character_count.toLocaleString('en-US')} /{' '}
            {unlimited ? 'Unlimited' : sub.character_limit.toLocaleString('en-US')}
          </p>
          <div
            className="mt-2 h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
            aria-hidden="true"
          >
            <div
              className="h-full rounded-full bg-indigo-600"
              style={{ width: `${unlimited ? 0 : used}%` }}
            />
          </div>
        </div>
        <div>
          <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase">
            {next.kind === 'reset' ? 'Quota resets' : 'Next payment'}
          </p>
          <p className="mt-1 text-sm text-zinc-900 dark:text-white">
            {next.kind === 'reset' && next.unix === 0 ? '—' : nextPaymentText(next, formatDate)}
          </p>
          {sub.payment_method ? (
            <p className="text-sm text-zinc-500 dark:text-zinc-400">
              {sub.payment_method.brand} ending in {sub.payment_method.last4}
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap gap-2">
            {changeCard ? (
              <Button size="sm" variant="secondary" disabled={card.isPending} onClick={() => card.mutate()}>
                Change payment method
              </Button>
            ) : null}
            {sub.payment_provider ? (
              <Button size="sm" variant="ghost" disabled={portal.isPending} onClick={() => portal.mutate()}>
                Billing portal
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
