import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages } from '../db/schema/mail';
import { startSmtpSink } from '../testing/smtp-sink';
import { startTestApp, type TestApp } from '../testing/test-app';
import { waitFor } from '../testing/wait-for';

const row = (app: TestApp, id: string) =>
  app.database.db
    .select()
    .from(mailMessages)
    .where(eq(mailMessages.id, id))
    .then((r) => r[0]!);

describe(`mail through the outbox on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.close());

  it('stores the message, delivers it through the job queue and lists it with its links in the dev mailbox', async () => {
    const { id } = await app.mailer.send({
      to: 'ada@example.com',
      subject: 'Verify your email',
      text: 'Open https://vocalis.test/action?mode=verifyEmail&oobCode=abc to verify.',
    });
    const sent = await waitFor(async () => {
      const r = await row(app, id);
      return r.status === 'sent' ? r : undefined;
    });
    expect(sent).toMatchObject({
      to: 'ada@example.com',
      transport: 'outbox',
      attempts: 1,
      links: ['https://vocalis.test/action?mode=verifyEmail&oobCode=abc'],
    });

    const json = (await (await app.request('/dev/mailbox.json')).json()) as {
      messages: { id: string; links: string[] }[];
    };
    expect(json.messages.find((m) => m.id === id)?.links).toEqual([
      'https://vocalis.test/action?mode=verifyEmail&oobCode=abc',
    ]);
    const page = await app.request('/dev/mailbox');
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Verify your email');
    expect(html).toContain('href="https://vocalis.test/action?mode=verifyEmail&amp;oobCode=abc"');
  });
});

describe(`mail through SMTP on ${process.env.TEST_DB}`, () => {
  let app: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await startTestApp({
      env: { MAIL_TRANSPORT: 'smtp', SMTP_URL: sink.url, MAIL_FROM: 'Vocalis <mail@vocalis.test>' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await sink?.close();
  });

  it('hands the message to a real SMTP server', async () => {
    const { id } = await app.mailer.send({
      to: 'grace@example.com',
      subject: 'Hello over SMTP',
      text: 'Body text',
    });
    const got = await waitFor(() => sink.received.find((m) => m.raw.includes('Hello over SMTP')));
    expect(got.to).toEqual(['grace@example.com']);
    expect(got.from).toBe('mail@vocalis.test');
    expect(got.raw).toContain('Body text');
    await waitFor(async () => (await row(app, id)).status === 'sent');
  });

  it('retries a delivery the server refused for now, recording the failed attempt', async () => {
    sink.failNext(1);
    const { id } = await app.mailer.send({
      to: 'retry@example.com',
      subject: 'Second time lucky',
      text: 'x',
    });
    const failed = await waitFor(async () => {
      const r = await row(app, id);
      return r.attempts >= 1 ? r : undefined;
    });
    expect(failed.status).toBe('queued');
    expect(failed.lastError).toContain('Try again later');
    await waitFor(() => sink.received.find((m) => m.raw.includes('Second time lucky')), 20_000);
    const done = await waitFor(async () => {
      const r = await row(app, id);
      return r.status === 'sent' ? r : undefined;
    });
    expect(done.attempts).toBe(2);
  });

  it('has no dev mailbox when mail goes over SMTP', async () => {
    expect((await app.request('/dev/mailbox')).status).toBe(404);
  });
});
