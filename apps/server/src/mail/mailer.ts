import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { AppDb } from '../db/client';
import { mailDeliveryJob } from '../jobs/mail-delivery.job';
import { enqueue } from '../jobs/queue';
import { newId } from '../lib/ids';
import { insertMail } from './mail.repo';
import { currentMailContext } from './mail-context';
import { MailLimiter, MailLimitError, normalizeAddress } from './mail-limits';

export type MailInput = { to: string; subject: string; text: string; html?: string };

const URL_RE = /https?:\/\/[^\s<>"')]+/g;

/** Every link in a message, so the dev mailbox and the logs can show them. */
export function extractLinks(text: string): string[] {
  return [...new Set(text.match(URL_RE) ?? [])];
}

export type SendOptions = {
  /**
   * Counted like any mail but never refused (decision 030): a notice of something already done (the
   * email-change revert link), or a code the signed-in owner asked for at their own address under a
   * per-user limit of its own (sensitive actions). Nobody else can silence these by spending the
   * address's budget first.
   */
  countOnly?: boolean;
};

/**
 * Queues mail: the message is stored and its delivery job added in one transaction. Every message passes
 * the one mail limit first (per recipient and per client IP, decision 030); over it, nothing is stored and
 * `send` throws MailLimitError (429).
 */
export class Mailer {
  readonly limits: MailLimiter;

  constructor(
    private readonly db: AppDb,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {
    this.limits = new MailLimiter(db, config.mailLimits);
  }

  /** Takes this message out of the budgets, unless the request already reserved its address. */
  private async admit(to: string, countOnly: boolean): Promise<void> {
    const context = currentMailContext();
    const address = normalizeAddress(to);
    if (context?.reserved.delete(address)) return;
    const ip = context?.ip ?? null;
    if (countOnly) return this.limits.count(address, ip);
    if (!(await this.limits.take(address, ip))) {
      this.log.warn({ to: address, ip }, 'mail refused: over the mail limit');
      throw new MailLimitError();
    }
  }

  async send(mail: MailInput, options: SendOptions = {}): Promise<{ id: string }> {
    await this.admit(mail.to, options.countOnly ?? false);
    const id = newId();
    const links = extractLinks(mail.text);
    await this.db.transaction(async (tx) => {
      await insertMail(tx as unknown as AppDb, {
        id,
        to: mail.to,
        from: this.config.mailFrom,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        links,
        transport: this.config.mail.transport,
      });
      await enqueue(tx as unknown as AppDb, mailDeliveryJob, { mailId: id });
    });
    this.log.info({ mailId: id, to: mail.to, subject: mail.subject, links }, 'mail queued');
    return { id };
  }
}
