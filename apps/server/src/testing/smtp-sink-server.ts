import { createServer } from 'node:http';
import { mailLinks, mailSubject, mailText, startSmtpSink } from './smtp-sink';

/**
 * The SMTP sink as its own process, for the e2e run: the app server delivers mail to it over SMTP
 * (MAIL_TRANSPORT=smtp) and the tests read what arrived from `GET /messages` on the HTTP port, decoded
 * from the raw MIME: `{ messages: [{ from, to, subject, text, links }] }`, newest first.
 * Run it with `node --import tsx apps/server/src/testing/smtp-sink-server.ts <smtp-port> <http-port>`.
 */
const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
if (!smtpPort || !httpPort) {
  console.error('usage: smtp-sink-server.ts <smtp-port> <http-port>');
  process.exit(2);
}

const sink = await startSmtpSink(smtpPort);
const http = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/messages') {
    const messages = sink.received
      .map((m) => ({
        from: m.from,
        to: m.to,
        subject: mailSubject(m.raw),
        text: mailText(m.raw),
        links: mailLinks(m.raw),
      }))
      .reverse();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ messages }));
    return;
  }
  response.writeHead(404).end();
});
await new Promise<void>((resolve) => http.listen(httpPort, '127.0.0.1', resolve));

const stop = () => {
  http.close();
  void sink.close().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
