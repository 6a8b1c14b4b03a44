import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on loopback that keeps what it receives. `failNext(n)` makes the next n
 * deliveries fail with a temporary error (451), to exercise retries.
 */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
          return callback(err);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext(n: number) {
      failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
