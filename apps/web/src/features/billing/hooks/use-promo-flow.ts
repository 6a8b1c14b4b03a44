import { useMutation } from '@tanstack/react-query';
import { promoAfterValidation, promoPlan } from '@vocalis/domain/billing/promo';
import { type Currency, isPaidTier } from '@vocalis/domain/billing/tiers';

import { toast } from '@/components/ui/toast/toast-store';

import { changeSubscription } from '../api/change-subscription';
import { validatePromocode } from '../api/validate-promocode';

import { useCheckout } from './use-checkout';
import { useSavedPromo } from './use-saved-promo';
import { useSubscriptionMutation } from './use-subscription-mutation';

export const PROMO_REMOVED_NOTICE = 'Promo code removed';

/**
 * The promo lifecycle of billing.md §4: entered, validated, then stored (valid) or cleared (invalid or
 * error), each with its §8 toast; subscribing from the dialog (checkout for free workspaces, otherwise a
 * monthly change whose failure is silently ignored, then the promo is cleared); removing with a notice.
 */
export function usePromoFlow({ tier, currency }: { tier: string; currency: Currency }) {
  const saved = useSavedPromo();
  const checkout = useCheckout();
  const change = useSubscriptionMutation(changeSubscription);

  const validate = useMutation({
    mutationFn: async (code: string) => {
      const result = await validatePromocode(code).catch(() => 'error' as const);
      return promoAfterValidation(code, result);
    },
    onSuccess: (outcome) => {
      if (outcome.kind === 'stored') {
        saved.save(outcome.promo);
        toast.success(outcome.toast);
      } else {
        saved.clear();
        toast.error(outcome.toast);
      }
    },
  });

  const plan = promoPlan(saved.promo);

  function subscribe() {
    if (!saved.promo || !plan || plan === 'free' || plan === 'enterprise') return;
    if (!isPaidTier(tier)) {
      checkout.mutate({ plan, currency, period: 'monthly', promocode: saved.promo.promocode });
      return;
    }
    change.mutate(
      {
        subscription_type: plan,
        billing_period: 'monthly_period',
        idempotency_key: crypto.randomUUID(),
        promocode: saved.promo.promocode,
      },
      // §8 "Subscription change failure triggered from the promo flow: silently ignored."
      { onSuccess: () => saved.clear(), onError: () => undefined },
    );
  }

  function remove() {
    saved.clear();
    toast.info(PROMO_REMOVED_NOTICE);
  }

  return {
    promo: saved.promo,
    plan,
    validate,
    subscribe,
    remove,
    subscribing: checkout.isPending || change.isPending,
  };
}

export type PromoFlow = ReturnType<typeof usePromoFlow>;
