import { BILLING_PATHS, type UrlResponse } from '@vocalis/contracts/billing';

import { api } from '@/lib/api-client';

/** POST create-update-payment-methods-session: where the card is changed. */
export const createUpdatePaymentMethodsSession = () =>
  api.post<UrlResponse>(BILLING_PATHS.createUpdatePaymentMethodsSession, {});
