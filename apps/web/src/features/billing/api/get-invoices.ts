import { useQuery } from '@tanstack/react-query';
import { BILLING_PATHS, type InvoiceListItem } from '@vocalis/contracts/billing';

import { api } from '@/lib/api-client';

/** GET /v1/billing/invoices: the workspace's invoices, newest first. */
export const getInvoices = (signal?: AbortSignal) =>
  api.get<{ invoices: InvoiceListItem[] }>(BILLING_PATHS.invoices, { signal });

export function useInvoices(enabled: boolean) {
  return useQuery({
    queryKey: ['billing', 'invoices'],
    queryFn: ({ signal }) => getInvoices(signal),
    enabled,
  });
}
