import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on loopback that keeps what it receives. `failNext(n)` makes the next n
 * deliveries fail with a temporary error (451), to exercise retries. Port 0 (the default) picks a free one.
 */
export async function startSmtpSink(port = 0) {
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
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    failNext(n: number) {
      failures = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Splits a MIME entity into its header block (folded lines joined) and its body. */
function splitEntity(raw: string): { head: string; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  if (split < 0) return { head: raw, body: '' };
  const gap = /\r?\n\r?\n/.exec(raw.slice(split))![0].length;
  return { head: raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' '), body: raw.slice(split + gap) };
}

function header(head: string, name: string): string | undefined {
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim();
}

/** RFC 2047 encoded words (=?utf-8?Q?...?= / =?utf-8?B?...?=) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

/** The text/plain body of a MIME entity: the entity itself, or the first text/plain part of a multipart one. */
function plainText(raw: string): string {
  const { head, body } = splitEntity(raw);
  const type = header(head, 'content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    for (const part of parts) {
      const text = plainText(part.replace(/^\r?\n/, ''));
      if (text) return text;
    }
    return '';
  }
  if (!/^text\/plain/i.test(type)) return '';
  return decodeBody(body, header(head, 'content-transfer-encoding')?.toLowerCase());
}

/** The decoded text body of a message as the sink received it (quoted-printable or base64, single or multipart). */
export function mailText(raw: string): string {
  return plainText(raw);
}

/** The decoded subject of a received message. */
export function mailSubject(raw: string): string {
  return decodeWords(header(splitEntity(raw).head, 'subject') ?? '');
}

/** Every link in a received message's text, in order. */
export function mailLinks(raw: string): string[] {
  return mailText(raw).match(/https?:\/\/[^\s<>"')]+/g) ?? [];
}

/** The first link in a received message's text. */
export function firstLink(raw: string): string {
  const link = mailLinks(raw)[0];
  if (!link) throw new Error(`no link in mail:\n${raw}`);
  return link;
}
