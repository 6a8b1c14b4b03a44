import { BILLING_PATHS, type ChangeSubscriptionBody } from '@vocalis/contracts/billing';

import { api } from '@/lib/api-client';

/** POST change-subscription (upgrade or downgrade; a repeated idempotency_key changes nothing twice). */
export const changeSubscription = (body: ChangeSubscriptionBody) =>
  api.post<unknown>(BILLING_PATHS.changeSubscription, body);
