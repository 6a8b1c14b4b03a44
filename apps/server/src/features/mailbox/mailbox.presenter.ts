import type { MailRow } from '../../mail/mail.repo';

/** A stored mail as the dev mailbox shows it (JSON and page). */
export type PresentedMail = ReturnType<typeof presentMail>;

export function presentMail(row: MailRow) {
  return {
    id: row.id,
    to: row.to,
    from: row.from,
    subject: row.subject,
    text: row.text,
    links: row.links,
    status: row.status,
    attempts: row.attempts,
    created_at_unix_ms: row.createdAt.getTime(),
  };
}
