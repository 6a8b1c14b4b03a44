import { defineJob } from '../../jobs/job';
import { Mailer } from '../../mail/mailer';
import { wantsNotice } from '../messages/notification-preferences';
import { billingReceiptSpec } from './billing-jobs';
import { invoiceWithOwner } from './invoices.repo';
import { receiptMail } from './receipt-mail';

/**
 * Mails the receipt of a paid invoice to the workspace owner. Counted against the mail limit but never
 * refused (a notice of a payment already made, decision 030). A workspace without an owner gets none, nor
 * does an owner who turned the `billing_receipt` notification off (decision 168); the invoice stays on the
 * subscription page.
 */
export const billingReceiptJob = defineJob({
  ...billingReceiptSpec,
  async perform({ invoiceId }, ctx) {
    const found = await invoiceWithOwner(ctx.db, invoiceId);
    if (!found || found.invoice.status !== 'paid') return;
    if (!found.ownerEmail) {
      ctx.log.warn({ invoiceId }, 'receipt not sent: the workspace has no owner');
      return;
    }
    if (found.ownerId && !(await wantsNotice(ctx.db, 'billing_receipt', found.ownerId))) {
      ctx.log.info({ invoiceId }, 'receipt not sent: the owner turned receipt mails off');
      return;
    }
    const mailer = new Mailer(ctx.db, ctx.config, ctx.log);
    await mailer.send(receiptMail(ctx.config.publicUrl, found.ownerEmail, found.invoice), {
      countOnly: true,
    });
  },
});
