import type { FastifyInstance } from 'fastify';
import type { AppDb } from '../../db/client';
import { recordAudit, originOf } from './audit';
import * as repo from './workspace.repo';

/**
 * Administrative changes made by other features' routes, audited after they succeed (decision 112): the
 * route, not the feature, names the change, so API keys, plan changes and the training opt-out are in the
 * log without those features knowing about it. A feature that wants richer entries calls `recordAudit`.
 */
const AUDITED_ROUTES: Readonly<Record<string, { activity: string; className: string; message: string }>> = {
  'POST /v1/service-accounts/:service_account_user_id/api-keys': {
    activity: 'api_key_created',
    className: 'api_key',
    message: 'An API key was created.',
  },
  'PATCH /v1/service-accounts/:service_account_user_id/api-keys/:api_key_id': {
    activity: 'api_key_updated',
    className: 'api_key',
    message: 'An API key was changed.',
  },
  'DELETE /v1/service-accounts/:service_account_user_id/api-keys/:api_key_id': {
    activity: 'api_key_deleted',
    className: 'api_key',
    message: 'An API key was deleted.',
  },
  'POST /v1/workspace/webhooks': {
    activity: 'webhook_created',
    className: 'webhook',
    message: 'A workspace webhook was created.',
  },
  'PATCH /v1/workspace/webhooks/:webhook_id': {
    activity: 'webhook_updated',
    className: 'webhook',
    message: 'A workspace webhook was changed.',
  },
  'DELETE /v1/workspace/webhooks/:webhook_id': {
    activity: 'webhook_deleted',
    className: 'webhook',
    message: 'A workspace webhook was deleted.',
  },
  'POST /v1/user/webhooks': {
    activity: 'user_webhook_created',
    className: 'webhook',
    message: 'A personal webhook was created.',
  },
  'PATCH /v1/user/webhooks/:webhook_id': {
    activity: 'user_webhook_updated',
    className: 'webhook',
    message: 'A personal webhook was changed.',
  },
  'DELETE /v1/user/webhooks/:webhook_id': {
    activity: 'user_webhook_deleted',
    className: 'webhook',
    message: 'A personal webhook was deleted.',
  },
  'POST /v1/service-accounts': {
    activity: 'service_account_created',
    className: 'service_account',
    message: 'A service account was created.',
  },
  'DELETE /v1/service-accounts/:service_account_user_id': {
    activity: 'service_account_deleted',
    className: 'service_account',
    message: 'A service account was deleted.',
  },
  'POST /v1/billing/change-subscription': {
    activity: 'plan_changed',
    className: 'billing',
    message: 'The subscription plan was changed.',
  },
  'POST /v1/billing/cancel-subscription': {
    activity: 'subscription_cancel_requested',
    className: 'billing',
    message: 'The subscription was cancelled.',
  },
  'POST /v1/billing/cancel-downgrade': {
    activity: 'plan_downgrade_deleted',
    className: 'billing',
    message: 'A scheduled downgrade was cancelled.',
  },
  'POST /v1/billing/renew-subscription': {
    activity: 'subscription_renewed',
    className: 'billing',
    message: 'The subscription was renewed.',
  },
  'POST /v1/workspace/training-opt-out': {
    activity: 'training_opt_out_changed',
    className: 'workspace_settings',
    message: 'The training opt-out was changed.',
  },
};

/**
 * Written in `onSend`, before the reply leaves: a client that reads the log right after its change finds the
 * entry there (in `onResponse` the read could come first).
 */
export function registerAuditHooks(app: FastifyInstance, db: AppDb): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 300) return payload;
    const audited = AUDITED_ROUTES[`${request.method} ${request.routeOptions.url ?? ''}`];
    const principal = request.principal;
    if (!audited || !principal?.workspace) return payload;
    try {
      const params = (request.params ?? {}) as Record<string, unknown>;
      await recordAudit(db, {
        workspaceId: principal.workspace.id,
        actor: {
          userId: principal.userId,
          email: (await repo.userEmail(db, principal.userId))?.email ?? null,
        },
        activity: audited.activity,
        className: audited.className,
        message: audited.message,
        metadata: { ...params, ...(principal.via === 'api_key' && { via_api_key: principal.keyId }) },
        origin: originOf(request),
      });
    } catch (err) {
      request.log.error({ err }, 'audit entry not written');
    }
    return payload;
  });
}
