import { promoPlan } from '@vocalis/domain/billing/promo';
import { initialCurrency } from '@vocalis/domain/billing/billing-display';
import { isPaidTier } from '@vocalis/domain/billing/tiers';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Spinner } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast/toast-store';

import { useLiveBilling, useSubscription } from '@/lib/subscription';
import { InvoiceDialog } from '../components/invoice-dialog';
import { PricingPlans } from '../components/pricing-plans';
import { PromoCodeDialog } from '../components/promo-code-dialog';
import { PromoCodeForm } from '../components/promo-code-form';
import { SavedPromoCard } from '../components/saved-promo-card';
import { SubscriptionSummary } from '../components/subscription-summary';
import { usePromoFlow } from '../hooks/use-promo-flow';
import { useSavedPromo } from '../hooks/use-saved-promo';
import { viewerOf } from '../lib/current-plan';

/** /app/subscription: the workspace's plan, the plan cards and the promo code flow. */
export default function SubscriptionRoute() {
  const subscription = useSubscription();
  useLiveBilling();
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Subscription</h2>
      <ErrorBoundary region="Subscription">
        {subscription.data ? (
          <SubscriptionPage sub={subscription.data} />
        ) : subscription.isError ? (
          <p role="alert" className="text-sm text-rose-600">
            Could not load your subscription.
          </p>
        ) : (
          <Spinner className="size-5 text-zinc-400" />
        )}
      </ErrorBoundary>
    </div>
  );
}

function SubscriptionPage({ sub }: { sub: NonNullable<ReturnType<typeof useSubscription>['data']> }) {
  const promo = usePromoFlow({ tier: sub.tier, currency: initialCurrency(sub.currency) });
  // Sent here from /pricing with a freshly validated code: its dialog opens.
  const location = useLocation();
  const [dialogOpen, setDialogOpen] = useState(
    () => (location.state as { openPromo?: boolean } | null)?.openPromo === true,
  );
  useCheckoutReturn();

  function enter(code: string) {
    promo.validate.mutate(code, { onSuccess: (outcome) => setDialogOpen(outcome.kind === 'stored') });
  }

  return (
    <>
      <SubscriptionSummary sub={sub} />
      <div className="flex flex-col gap-3 rounded-2xl border border-zinc-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800 dark:bg-zinc-900">
        <div>
          <p className="text-sm font-medium text-zinc-900 dark:text-white">Have a promo code?</p>
          <p className="text-sm text-zinc-500 dark:text-zinc-400">
            {promo.promo ? (
              <>
                Saved: <span className="font-mono">{promo.promo.promocode}</span>{' '}
                <button
                  type="button"
                  className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
                  onClick={() => setDialogOpen(true)}
                >
                  Use promo code
                </button>
              </>
            ) : (
              promoHint(sub.tier)
            )}
          </p>
        </div>
        <PromoCodeForm pending={promo.validate.isPending} onSubmit={enter} />
      </div>
      <PricingPlans viewer={viewerOf(sub)} />
      <InvoiceDialog />
      {promo.promo ? (
        <PromoCodeDialog
          open={dialogOpen}
          promo={promo.promo}
          plan={promoPlan(promo.promo)}
          subscribing={promo.subscribing}
          onSubscribe={promo.subscribe}
          onRemove={() => {
            promo.remove();
            setDialogOpen(false);
          }}
          onClose={() => setDialogOpen(false)}
        />
      ) : null}
      {promo.promo && promo.plan && !dialogOpen ? (
        <SavedPromoCard
          code={promo.promo.promocode}
          plan={promo.plan}
          busy={promo.subscribing}
          onOpen={() => setDialogOpen(true)}
          onSubscribe={promo.subscribe}
        />
      ) : null}
    </>
  );
}

/** What entering a code does: a free workspace's first subscription, or a paid plan's next invoices. */
export const promoHint = (tier: string) =>
  isPaidTier(tier) ? 'It is taken off your next invoices.' : 'It is applied when you subscribe.';

/**
 * Back from the hosted pages: `?checkout=success` (the coupon was spent on this subscription, so the saved
 * promo is cleared) or `?card=saved`. The user is told, and the parameter is dropped so a reload says nothing.
 */
function useCheckoutReturn() {
  const [params, setParams] = useSearchParams();
  const { clear } = useSavedPromo();
  const checkout = params.get('checkout');
  const card = params.get('card');
  useEffect(() => {
    if (!checkout && !card) return;
    if (checkout === 'success') {
      clear();
      toast.success('Your subscription is active');
    }
    if (card === 'saved') toast.success('Your card was saved');
    setParams(
      (p) => {
        p.delete('checkout');
        p.delete('card');
        return p;
      },
      { replace: true },
    );
  }, [checkout, card, clear, setParams]);
}
