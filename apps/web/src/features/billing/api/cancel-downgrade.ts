import { BILLING_PATHS } from '@vocalis/contracts/billing';

import { api } from '@/lib/api-client';

/** POST cancel-downgrade: drops the scheduled downgrade. */
export const cancelDowngrade = () => api.post<unknown>(BILLING_PATHS.cancelDowngrade, {});
