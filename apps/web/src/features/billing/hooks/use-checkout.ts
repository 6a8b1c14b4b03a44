import { useMutation } from '@tanstack/react-query';
import {
  CHECKOUT_FAILED_MESSAGE,
  COUPON_EXPIRED_CODE,
  COUPON_EXPIRED_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
} from '@vocalis/domain/billing/billing-messages';
import {
  type Currency,
  type PlanId,
  type PricingPeriod,
  toBillingPeriod,
} from '@vocalis/domain/billing/tiers';

import { toast } from '@/components/ui/toast/toast-store';
import { isHttpError } from '@/lib/api-client';

import { createCheckoutSession } from '../api/create-checkout-session';

import { useSavedPromo } from './use-saved-promo';

export type CheckoutInput = {
  plan: PlanId;
  currency: Currency;
  period: PricingPeriod;
  promocode?: string | null;
};

/** Sends the browser to the hosted checkout; tests replace it. */
export const navigation = { assign: (url: string) => window.location.assign(url) };

/**
 * The checkout start flow for free-tier users (billing.md §7: plan id, currency and billing period) with
 * the saved promo code. Errors (§8): 'coupon_expired' drops the stored coupon with its message; other
 * client errors read 'Failed to create checkout session', server errors 'Unexpected error occurred, …'.
 */
export function useCheckout() {
  const savedPromo = useSavedPromo();
  return useMutation({
    mutationFn: (input: CheckoutInput) =>
      createCheckoutSession({
        subscription_type: input.plan as Parameters<typeof createCheckoutSession>[0]['subscription_type'],
        billing_period: toBillingPeriod(input.period),
        currency: input.currency,
        promocode: input.promocode ?? savedPromo.promo?.promocode ?? null,
      }),
    onSuccess: ({ url }) => navigation.assign(url),
    onError: (error) => {
      if (isHttpError(error) && error.errorType === COUPON_EXPIRED_CODE) {
        savedPromo.clear();
        toast.error(COUPON_EXPIRED_MESSAGE);
      } else if (isHttpError(error) && error.status > 0 && error.status < 500) {
        toast.error(CHECKOUT_FAILED_MESSAGE);
      } else {
        toast.error(UNEXPECTED_ERROR_MESSAGE);
      }
    },
  });
}
