import { z } from 'zod';
import { findMail, markMailAttemptFailed, markMailSent } from '../mail/mail.repo';
import { mailTransport } from '../mail/transport';
import { defineJob } from './job';

/** Delivers one queued mail through the configured transport; retried with back-off on failure. */
export const mailDeliveryJob = defineJob({
  name: 'mail.deliver',
  payload: z.object({ mailId: z.string() }),
  maxAttempts: 8,
  async perform({ mailId }, ctx) {
    const mail = await findMail(ctx.db, mailId);
    if (!mail || mail.status === 'sent') return; // deleted, or delivered by an earlier attempt
    const transport = mailTransport(ctx.config);
    try {
      await transport.deliver(mail);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await markMailAttemptFailed(ctx.db, mailId, message, ctx.attempt >= ctx.maxAttempts);
      ctx.log.warn({ mailId, attempt: ctx.attempt, err: message }, 'mail delivery failed');
      throw err;
    }
    await markMailSent(ctx.db, mailId);
    ctx.log.info({ mailId, to: mail.to, transport: transport.kind, links: mail.links }, 'mail delivered');
  },
});
