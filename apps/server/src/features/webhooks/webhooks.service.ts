/**
 * Workspace webhooks (its admins manage them) and users' own webhooks (decision 120). Every method starts by
 * resolving whose webhooks the caller may touch; another workspace's or user's webhook answers 404.
 */
import type {
  CreateWebhookBody,
  CreateWebhookResponse,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
} from '@vocalis/contracts/webhooks';
import { webhookUrlProblem } from '@vocalis/domain/webhook-delivery';
import { unsubscribableEvent, type WebhookScope } from '@vocalis/domain/webhook-events';
import {
  administeredWorkspaceId,
  currentWorkspaceId,
  type WorkspaceCaller,
} from '../../auth/workspace-admin';
import type { AppDb } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import { queueTestDelivery } from './webhook-events';
import { newWebhookSecret } from './webhook-signature';
import { presentDelivery, presentWebhook } from './webhooks.presenter';
import * as repo from './webhooks.repo';

const DELIVERIES_SHOWN = 50;
/** Headers the delivery sets itself. */
const RESERVED_HEADERS = new Set([
  'content-type',
  'content-length',
  'authorization',
  'elevenlabs-signature',
  'host',
  'user-agent',
  'transfer-encoding',
  'connection',
]);

export const webhookNotFound = () => notFound('Webhook not found.', 'webhook_not_found');

export class WebhooksService {
  constructor(
    private readonly db: AppDb,
    /** OUTBOUND_ALLOW_PRIVATE: plain-http and local receivers allowed (decision 044). */
    private readonly outbound: { allowPrivate: boolean },
  ) {}

  /** Whose webhooks the caller manages in `scope`: the workspace's (admins only) or their own. */
  private owner(caller: WorkspaceCaller, scope: WebhookScope): repo.WebhookOwner {
    if (scope === 'workspace') return { workspaceId: administeredWorkspaceId(caller), ownerUserId: null };
    return { workspaceId: currentWorkspaceId(caller), ownerUserId: caller.userId };
  }

  private async found(caller: WorkspaceCaller, scope: WebhookScope, id: string) {
    const row = await repo.findWebhook(this.db, this.owner(caller, scope), id);
    if (!row) throw webhookNotFound();
    return row;
  }

  private checkUrl(url: string, what: string): void {
    const problem = webhookUrlProblem(url, this.outbound.allowPrivate);
    if (problem) throw badRequest(problem.replace('The webhook URL', what), 'invalid_webhook_url');
  }

  private checkEvents(scope: WebhookScope, events: readonly string[] | undefined): void {
    const bad = events && unsubscribableEvent(scope, events);
    if (bad) throw badRequest(`A ${scope} webhook cannot subscribe to the event "${bad}".`, 'invalid_event');
  }

  private headers(given: Record<string, string | undefined> | undefined): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(given ?? {})) {
      if (RESERVED_HEADERS.has(k.toLowerCase())) {
        throw badRequest(
          `The request header "${k}" is set by the delivery itself.`,
          'invalid_request_header',
        );
      }
      if (v !== undefined) out[k] = v;
    }
    return out;
  }

  async list(caller: WorkspaceCaller, scope: WebhookScope, includeUsages: boolean): Promise<Webhook[]> {
    const rows = await repo.listWebhooks(this.db, this.owner(caller, scope));
    return rows.map((r) => presentWebhook(r, includeUsages));
  }

  async create(
    caller: WorkspaceCaller,
    scope: WebhookScope,
    body: CreateWebhookBody,
  ): Promise<CreateWebhookResponse> {
    const owner = this.owner(caller, scope);
    const s = body.settings;
    this.checkUrl(s.webhook_url, 'The webhook URL');
    if (s.auth_type === 'oauth2') this.checkUrl(s.token_url, 'The token URL');
    this.checkEvents(scope, body.events);
    const requestHeaders = this.headers(s.request_headers);
    const secret = s.auth_type === 'hmac' ? newWebhookSecret() : null;
    const row = await repo.insertWebhook(this.db, {
      id: newId(),
      ...owner,
      name: s.name,
      url: s.webhook_url,
      authType: s.auth_type,
      secret,
      oauth2:
        s.auth_type === 'oauth2'
          ? {
              clientId: s.client_id,
              clientSecret: s.client_secret,
              tokenUrl: s.token_url,
              scope: s.scope ?? null,
            }
          : null,
      requestHeaders,
      events: [...new Set(body.events ?? [])],
      retryEnabled: body.retry_enabled ?? true,
      createdBy: caller.userId,
    });
    return { webhook_id: row.id, ...(secret && { webhook_secret: secret }) };
  }

  /** Enabling a webhook again also clears its automatic disable and failure streak. */
  async update(
    caller: WorkspaceCaller,
    scope: WebhookScope,
    id: string,
    body: UpdateWebhookBody,
  ): Promise<void> {
    const owner = this.owner(caller, scope);
    this.checkEvents(scope, body.events);
    const changes: repo.WebhookChanges = { name: body.name, isDisabled: body.is_disabled };
    if (!body.is_disabled) Object.assign(changes, { isAutoDisabled: false, consecutiveFailures: 0 });
    if (body.retry_enabled !== undefined) changes.retryEnabled = body.retry_enabled;
    if (body.request_headers !== undefined) changes.requestHeaders = this.headers(body.request_headers);
    if (body.events !== undefined) changes.events = [...new Set(body.events)];
    if (!(await repo.updateWebhook(this.db, owner, id, changes))) throw webhookNotFound();
  }

  async delete(caller: WorkspaceCaller, scope: WebhookScope, id: string): Promise<void> {
    if (!(await repo.deleteWebhook(this.db, this.owner(caller, scope), id))) throw webhookNotFound();
  }

  async deliveries(caller: WorkspaceCaller, scope: WebhookScope, id: string): Promise<WebhookDelivery[]> {
    const row = await this.found(caller, scope, id);
    return (await repo.listDeliveries(this.db, row.id, DELIVERIES_SHOWN)).map(presentDelivery);
  }

  async sendTest(caller: WorkspaceCaller, scope: WebhookScope, id: string): Promise<string> {
    return queueTestDelivery(this.db, await this.found(caller, scope, id));
  }
}
