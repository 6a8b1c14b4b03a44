import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { AppDb } from '../db/client';
import { mailDeliveryJob } from '../jobs/mail-delivery.job';
import { enqueue } from '../jobs/queue';
import { newId } from '../lib/ids';
import { insertMail } from './mail.repo';

export type MailInput = { to: string; subject: string; text: string; html?: string };

const URL_RE = /https?:\/\/[^\s<>"')]+/g;

/** Every link in a message, so the dev mailbox and the logs can show them. */
export function extractLinks(text: string): string[] {
  return [...new Set(text.match(URL_RE) ?? [])];
}

/** Queues mail: the message is stored and its delivery job added in one transaction. */
export class Mailer {
  constructor(
    private readonly db: AppDb,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(mail: MailInput): Promise<{ id: string }> {
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
