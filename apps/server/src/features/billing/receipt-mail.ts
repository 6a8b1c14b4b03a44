import { planIdOf, TIER_DISPLAY_NAMES } from '@vocalis/domain/billing/tiers';
import type { MailInput } from '../../mail/mailer';
import type { InvoiceRow } from './invoices.repo';

/** Cents as the receipt shows them: always two decimals, $ before USD and € after EUR (billing.md §9). */
export function receiptAmount(cents: number, currency: string): string {
  const text = (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency.toLowerCase() === 'usd' ? `$${text}` : `${text} €`;
}

const day = (d: Date) =>
  d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Where the owner reads the invoice: the subscription page opens it. */
export const invoiceLink = (publicUrl: string, invoiceId: string) =>
  `${publicUrl}/app/subscription?invoice=${encodeURIComponent(invoiceId)}`;

const WHAT: Record<InvoiceRow['kind'], string> = {
  subscription: 'subscription',
  proration: 'plan change',
  overage: 'characters beyond the plan limit',
};

/**
 * The receipt of a paid invoice, for the workspace owner: amount, plan, period, invoice number and a link
 * to the invoice. The invoice number is the invoice's id, the one the link and GET /v1/billing/invoices name.
 */
export function receiptMail(publicUrl: string, to: string, invoice: InvoiceRow): MailInput {
  const amount = receiptAmount(invoice.amountDueCents, invoice.currency);
  const plan = TIER_DISPLAY_NAMES[planIdOf(invoice.tier)];
  const period = `${day(invoice.periodStart)} – ${day(invoice.periodEnd)}`;
  const billed = invoice.billingPeriod === 'annual_period' ? 'yearly' : 'monthly';
  const discount =
    invoice.discountCents > 0
      ? [
          `Subtotal: ${receiptAmount(invoice.subtotalCents, invoice.currency)}`,
          `Discount: -${receiptAmount(invoice.discountCents, invoice.currency)}`,
        ]
      : [];
  return {
    to,
    subject: `Your Vocalis receipt: ${amount} for ${plan} (invoice ${invoice.id})`,
    text: [
      'Hello,',
      '',
      `Thank you: we received your payment of ${amount}.`,
      '',
      `Invoice number: ${invoice.id}`,
      `Plan: ${plan} (${billed}), ${WHAT[invoice.kind]}`,
      `Period: ${period}`,
      ...discount,
      `Amount paid: ${amount}`,
      `Paid on: ${day(invoice.paidAt ?? invoice.createdAt)}`,
      '',
      'See the invoice:',
      '',
      invoiceLink(publicUrl, invoice.id),
    ].join('\n'),
  };
}
