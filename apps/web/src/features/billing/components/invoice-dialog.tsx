import type { InvoiceListItem } from '@vocalis/contracts/billing';
import { TIER_DISPLAY_NAMES, planIdOf } from '@vocalis/domain/billing/tiers';
import { useSearchParams } from 'react-router';

import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

import { useInvoices } from '../api/get-invoices';

const money = (cents: number, currency: string) => {
  const text = (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency === 'usd' ? `$${text}` : `${text} €`;
};
const day = (unix: number) =>
  new Date(unix * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
const KIND = { subscription: 'Subscription', proration: 'Plan change', overage: 'Extra characters' };

function InvoiceLines({ invoice }: { invoice: InvoiceListItem }) {
  const rows: [string, string][] = [
    ['Invoice number', invoice.invoice_id],
    ['Plan', `${TIER_DISPLAY_NAMES[planIdOf(invoice.tier)]} (${KIND[invoice.kind]})`],
    ['Period', `${day(invoice.period_start_unix)} – ${day(invoice.period_end_unix)}`],
    ...(invoice.discount_cents > 0
      ? ([
          ['Subtotal', money(invoice.subtotal_cents, invoice.currency)],
          ['Discount', `-${money(invoice.discount_cents, invoice.currency)}`],
        ] as [string, string][])
      : []),
    [
      invoice.status === 'paid' ? 'Amount paid' : 'Amount due',
      money(invoice.amount_due_cents, invoice.currency),
    ],
    ['Status', invoice.paid_at_unix ? `Paid on ${day(invoice.paid_at_unix)}` : invoice.status],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-zinc-500 dark:text-zinc-400">{k}</dt>
          <dd className="font-medium break-all text-zinc-900 dark:text-white">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `?invoice=<id>` (the receipt mail's link): that invoice, over the subscription page. */
export function InvoiceDialog() {
  const [params, setParams] = useSearchParams();
  const id = params.get('invoice');
  const invoices = useInvoices(Boolean(id));
  if (!id) return null;
  const invoice = invoices.data?.invoices.find((i) => i.invoice_id === id);
  const close = () =>
    setParams(
      (p) => {
        p.delete('invoice');
        return p;
      },
      { replace: true },
    );
  return (
    <Modal open onOpenChange={(open) => (!open ? close() : undefined)} title="Invoice">
      {invoice ? (
        <InvoiceLines invoice={invoice} />
      ) : invoices.isPending ? (
        <p className="text-sm text-zinc-500">Loading…</p>
      ) : (
        <p role="alert" className="text-sm text-rose-600">
          This invoice is not one of this workspace's.
        </p>
      )}
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={close}>
          Close
        </Button>
      </div>
    </Modal>
  );
}
