import { BILLING_PATHS } from '@vocalis/contracts/billing';

import { api } from '@/lib/api-client';

/** POST cancel-subscription: the plan ends at the period's end. */
export const cancelSubscription = () => api.post<unknown>(BILLING_PATHS.cancelSubscription, {});
