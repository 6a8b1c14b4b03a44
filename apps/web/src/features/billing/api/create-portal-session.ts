import { BILLING_PATHS, type UrlResponse } from '@vocalis/contracts/billing';

import { api } from '@/lib/api-client';

/** POST create-portal-session: the billing portal's url. */
export const createPortalSession = () => api.post<UrlResponse>(BILLING_PATHS.createPortalSession, {});
