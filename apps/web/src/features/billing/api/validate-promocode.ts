import { BILLING_PATHS, type ValidatePromocodeResponse } from '@vocalis/contracts/billing';

import { api } from '@/lib/api-client';

/** POST validate-promocode: valid, amount_off (cents), percent_off, duration_in_months. */
export const validatePromocode = (promocode: string) =>
  api.post<ValidatePromocodeResponse>(BILLING_PATHS.validatePromocode, { promocode });
