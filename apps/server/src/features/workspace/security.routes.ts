import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditLogPage,
  auditLogQuery,
  securitySettings,
  updateSecurityBody,
} from '@vocalis/contracts/workspace';
import { requirePrincipal } from '../../plugins/auth';
import type { AppDb } from '../../db/client';
import { listAudit, originOf } from './audit';
import type { SecurityService } from './security.service';
import { requireAction, workspaceCaller } from './workspace-access';

const tags = ['workspace'];

/** Security settings and the audit log of the current workspace. */
export const securityRoutes =
  (security: SecurityService, db: AppDb): FastifyPluginAsyncZod =>
  async (app) => {
    const caller = (request: Parameters<typeof requirePrincipal>[0]) =>
      workspaceCaller(requirePrincipal(request));

    app.get(
      '/v1/workspace/security',
      { schema: { tags, summary: "The workspace's security settings", response: { 200: securitySettings } } },
      (request) => security.get(caller(request)),
    );

    app.patch(
      '/v1/workspace/security',
      {
        schema: {
          tags,
          summary:
            'Change allowed sign-in methods, session_inactivity_timeout, training opt-out (admins only)',
          body: updateSecurityBody,
          response: { 200: securitySettings },
        },
      },
      (request) => security.update(caller(request), request.body, originOf(request)),
    );

    app.get(
      '/v1/workspace/audit-logs',
      {
        schema: {
          tags,
          summary: "The workspace's audit log, newest first (admins only)",
          querystring: auditLogQuery,
          response: { 200: auditLogPage },
        },
      },
      (request) => {
        const c = caller(request);
        requireAction(c, 'administer');
        return listAudit(db, c.workspaceId, request.query);
      },
    );
  };
