import { initialCurrency, initialPricingPeriod } from '@vocalis/domain/billing/billing-display';
import type { Currency, PricingPeriod } from '@vocalis/domain/billing/tiers';
import { useState } from 'react';

import { useLocalStorage } from '@/hooks/use-local-storage';

/** Local storage name of the monthly/yearly choice (billing.md §9 "locally stored keys hold the billing period choice"). */
export const PRICING_PERIOD_KEY = 'billing_period_choice';

/**
 * The pricing toggles (billing.md §4): the period is persisted locally and initialised from the
 * workspace; the currency is usd unless the workspace's currency is another one (then eur).
 */
export function usePricingChoice(
  workspace: { billingPeriod: string | null; currency: string | null } | null,
) {
  const [stored, setStored] = useLocalStorage<PricingPeriod | null>(PRICING_PERIOD_KEY, null);
  const period = initialPricingPeriod(stored, workspace?.billingPeriod);
  const [chosenCurrency, setCurrency] = useState<Currency | null>(null);
  const currency = chosenCurrency ?? initialCurrency(workspace?.currency);
  return { period, setPeriod: (p: PricingPeriod) => setStored(p), currency, setCurrency };
}
