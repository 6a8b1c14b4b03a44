import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDb } from '../db/client';
import { notFound } from '../errors';
import { listSms, type SmsRow } from './sms.repo';
import { isLocalRequest } from '../features/mailbox/local-request';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const present = (row: SmsRow) => ({
  id: row.id,
  to: row.to,
  body: row.body,
  status: row.status,
  created_at_unix_ms: row.createdAt.getTime(),
});

/**
 * The dev text-message outbox (SMS_TRANSPORT=outbox): every stored message, newest first. Messages carry
 * sign-in codes, so it answers only to local requests unless MAILBOX_ALLOW_REMOTE is set (same rule as /dev/mailbox).
 */
export function registerSmsOutboxRoutes(
  app: FastifyInstance,
  db: AppDb,
  opts: { allowRemote: boolean },
): void {
  const guard = (request: FastifyRequest) => {
    if (!opts.allowRemote && !isLocalRequest(request)) throw notFound();
  };
  app.get('/dev/sms.json', { config: { public: true }, schema: { hide: true } }, async (request) => {
    guard(request);
    return { messages: (await listSms(db, 200)).map(present) };
  });
  app.get('/dev/sms', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    guard(request);
    const rows = (await listSms(db, 200)).map(present);
    const items = rows
      .map(
        (m) =>
          `<article><header><strong>${esc(m.to)}</strong><span>${new Date(m.created_at_unix_ms).toISOString()} · ${esc(m.status)}</span></header><p>${esc(m.body)}</p></article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Text messages · Vocalis</title><meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f6f6f7;color:#18181b}main{max-width:720px;margin:0 auto;padding:32px 20px}
h1{font-size:22px;margin:0 0 4px}p.sub{color:#71717a;margin:0 0 24px}article{background:#fff;border:1px solid #e4e4e7;border-radius:12px;padding:14px 18px;margin:0 0 12px}
header{display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap}header span{color:#71717a;font-size:13px}article p{margin:6px 0 0}</style></head>
<body><main><h1>Text messages</h1><p class="sub">Kept by the outbox transport (${rows.length}, newest first).</p>
${items || '<p>No text message has been sent yet.</p>'}</main></body></html>`);
  });
}
