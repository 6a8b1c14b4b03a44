import { BILLING_PATHS } from '@vocalis/contracts/billing';

import { api } from '@/lib/api-client';

/** POST renew-subscription: undoes a pending cancellation. */
export const renewSubscription = () => api.post<unknown>(BILLING_PATHS.renewSubscription, {});
