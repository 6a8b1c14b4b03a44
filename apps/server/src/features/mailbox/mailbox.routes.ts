import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDb } from '../../db/client';
import { notFound } from '../../errors';
import { listMail } from '../../mail/mail.repo';
import { renderMailbox } from './mailbox.page';
import { presentMail } from './mailbox.presenter';
import { isLocalRequest } from './local-request';

/**
 * The dev mailbox (MAIL_TRANSPORT=outbox): every queued mail with its links. It shows sign-in and
 * reset links, so it answers only to local requests (loopback, not through a proxy) unless
 * MAILBOX_ALLOW_REMOTE is set.
 */
export function registerMailboxRoutes(app: FastifyInstance, db: AppDb, opts: { allowRemote: boolean }): void {
  const guard = (request: FastifyRequest) => {
    if (!opts.allowRemote && !isLocalRequest(request)) throw notFound();
  };
  app.get('/dev/mailbox.json', { config: { public: true }, schema: { hide: true } }, async (request) => {
    guard(request);
    const rows = await listMail(db, 200);
    return { messages: rows.map(presentMail) };
  });
  app.get('/dev/mailbox', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    guard(request);
    const rows = await listMail(db, 200);
    return reply.type('text/html; charset=utf-8').send(renderMailbox(rows.map(presentMail)));
  });
}
