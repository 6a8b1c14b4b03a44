import { BILLING_PATHS, type CreateCheckoutSessionBody, type UrlResponse } from '@vocalis/contracts/billing';

import { api } from '@/lib/api-client';

/** POST create-checkout-session: the hosted checkout's url (billing.md §7). */
export const createCheckoutSession = (body: CreateCheckoutSessionBody) =>
  api.post<UrlResponse>(BILLING_PATHS.createCheckoutSession, body);
