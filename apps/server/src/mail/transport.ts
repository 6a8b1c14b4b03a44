import nodemailer from 'nodemailer';
import type { Config } from '../config';

export type OutgoingMail = { from: string; to: string; subject: string; text: string; html: string | null };

/** Where mail goes: kept in the outbox table (dev/self-hosted default) or handed to an SMTP server. */
export interface MailTransport {
  readonly kind: 'outbox' | 'smtp';
  deliver(mail: OutgoingMail): Promise<void>;
}

const transports = new Map<string, MailTransport>();

/** One transport per configuration, so SMTP connections are pooled across jobs. */
export function mailTransport(config: Config): MailTransport {
  const key = config.mail.transport === 'smtp' ? config.mail.smtpUrl : 'outbox';
  let t = transports.get(key);
  if (!t) {
    t =
      config.mail.transport === 'smtp'
        ? smtpTransport(config.mail.smtpUrl)
        : { kind: 'outbox', deliver: async () => {} };
    transports.set(key, t);
  }
  return t;
}

function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transporter.sendMail({ ...mail, html: mail.html ?? undefined });
    },
  };
}
