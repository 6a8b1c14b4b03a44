import { expect } from '@playwright/test';
import { E2E_MAIL_SINK_PORT } from './e2e-env';

export type SinkMessage = { from: string; to: string[]; subject: string; text: string; links: string[] };

/** What the SMTP sink has received so far (newest first), decoded from the raw MIME. */
export async function sinkMessages(): Promise<SinkMessage[]> {
  const res = await fetch(`http://127.0.0.1:${E2E_MAIL_SINK_PORT}/messages`);
  return ((await res.json()) as { messages: SinkMessage[] }).messages;
}

/**
 * Waits for a mail to `to` whose subject starts with `subject` to arrive at the SMTP sink and returns it.
 * `after` skips that many earlier matching mails (a resend is a second mail).
 */
export async function mailed(to: string, subject: string, after = 0): Promise<SinkMessage> {
  let message: SinkMessage | undefined;
  await expect(async () => {
    const matching = (await sinkMessages())
      .filter((m) => m.to.includes(to) && m.subject.startsWith(subject))
      .reverse();
    message = matching[after];
    expect(message?.links[0], `mail "${subject}…" to ${to} at the SMTP sink`).toBeTruthy();
  }).toPass({ timeout: 30_000 });
  return message!;
}

/** The first link of the mail `mailed` waits for. */
export async function mailedLink(to: string, subject: string, after = 0): Promise<string> {
  return (await mailed(to, subject, after)).links[0]!;
}
