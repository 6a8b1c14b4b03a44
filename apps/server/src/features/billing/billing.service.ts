import type {
  BillingInfo,
  ExtendedSubscription,
  InvoiceListItem,
  ValidatePromocodeResponse,
} from '@vocalis/contracts/billing';
import { type BillingPeriod, toTier } from '@vocalis/domain/billing/tiers';
import { monthlyCharacterLimit } from '@vocalis/domain/plan-limits';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDb } from '../../db/client';
import type { EventBus } from '../../live/event-bus';
import { addPeriod, type BillingClock } from '../../billing/clock';
import type { BillingEvent, PaymentProvider } from '../../billing/provider';
import { ensureUsage } from '../usage/usage.repo';
import { noWorkspace } from './billing-errors';
import { applyBillingEvent, applySubscriptionState, endSubscription } from './billing-events';
import { serializeBilling } from './billing-lock';
import { billingWorkspace } from './billing-workspace';
import { presentInvoice, presentSubscription } from './billing.presenter';
import * as repo from './billing.repo';
import * as requestsRepo from './billing-requests.repo';
import * as invoicesRepo from './invoices.repo';
import * as snapshots from './subscription-snapshot.repo';
import { CheckoutService } from './checkout.service';
import { PlanChangeService } from './plan-changes.service';
import { promocodeValidity } from './promo-codes';

/** Subscriptions, checkout, plan changes, promo codes and invoices of a workspace (billing.md). */
export class BillingService {
  /** The provider's pages: checkout, card setup, portal, payouts onboarding. */
  readonly checkout: CheckoutService;
  /** Changes to a card subscription: plan, cancel, renew, discounts. */
  readonly plans: PlanChangeService;

  constructor(
    private readonly db: AppDb,
    readonly provider: PaymentProvider,
    readonly clock: BillingClock,
    publicUrl: string,
    private readonly bus: EventBus,
    log: FastifyBaseLogger,
  ) {
    this.checkout = new CheckoutService(db, provider, clock, publicUrl, log);
    this.plans = new PlanChangeService(db, provider, clock, log, this);
  }

  /**
   * Applies provider events in order, all in one transaction (one answer of the card processor, e.g. a
   * checkout's completion and its paid invoice, is kept whole or not at all, also if the process dies
   * between them: decision 028), then tells the workspaces' clients to refetch.
   */
  async handle(events: BillingEvent[]): Promise<void> {
    const touched = new Set<string>();
    await this.db.transaction(async (tx) => {
      for (const event of events) await applyBillingEvent(tx, this.provider.kind, event);
    });
    for (const event of events) {
      const ws = workspaceOfEvent(event);
      if (ws) touched.add(ws);
    }
    for (const id of touched) {
      this.bus.publish({
        collection: 'workspace',
        op: 'update',
        id,
        data: null,
        audience: { workspaceIds: [id] },
      });
    }
  }

  /**
   * A verified provider webhook: applied once per event id. The id is recorded after the events are
   * applied, so a delivery that fails half-way is applied again (every event is idempotent).
   */
  async handleWebhook(db: AppDb, hook: { id: string; type: string; events: BillingEvent[] }): Promise<void> {
    if (await requestsRepo.webhookSeen(db, hook.id)) return;
    await this.handleSerialized(hook.events);
    await requestsRepo.recordWebhookEvent(db, { id: hook.id, provider: this.provider.kind, type: hook.type });
  }

  /** Events from outside a plan change (webhooks, hosted checkout pages): queued behind the workspace's changes. */
  async handleSerialized(events: BillingEvent[]): Promise<void> {
    const workspaces = [...new Set(events.map(workspaceOfEvent).filter((w): w is string => !!w))];
    if (workspaces.length !== 1) return this.handle(events);
    return serializeBilling(this.db, workspaces[0]!, () => this.handle(events));
  }

  /**
   * GET /v1/user/subscription for the user's current workspace; `current` is that workspace when the
   * request already read it with the credentials (plugins/auth).
   */
  async subscription(userId: string, current?: { id: string } | null): Promise<ExtendedSubscription> {
    const ws = current ?? (await repo.memberWorkspace(this.db, userId));
    if (!ws) throw noWorkspace();
    return this.subscriptionOf(ws.id);
  }

  /**
   * One read without locks (decision 033); only a workspace's first read writes, to create its billing
   * and quota rows.
   */
  async subscriptionOf(workspaceId: string): Promise<ExtendedSubscription> {
    let snap = await snapshots.subscriptionSnapshot(this.db, workspaceId);
    if (!snap) throw noWorkspace();
    if (!snap.sub || !snap.usage) {
      if (!snap.sub) await snapshots.ensureSubscriptionRow(this.db, workspaceId);
      if (!snap.usage) await ensureUsage(this.db, workspaceId, monthlyCharacterLimit(snap.workspace.tier));
      snap = await snapshots.subscriptionSnapshot(this.db, workspaceId);
      if (!snap?.sub) throw noWorkspace();
    }
    return presentSubscription({ ...snap, sub: snap.sub, now: this.clock.now() });
  }

  /** billing.md §3 "Billing info response". */
  async billingInfo(userId: string): Promise<BillingInfo> {
    const s = await this.subscription(userId);
    return {
      character_refresh_period:
        s.character_refresh_period === 'annual_period' ? 'annual_period' : 'monthly_period',
      next_invoice: s.next_invoice && {
        next_payment_attempt_unix: s.next_invoice.next_payment_attempt_unix,
        amount_due_cents: s.next_invoice.amount_due_cents,
        discount_percent_off: s.next_invoice.discount_percent_off,
        discount_amount_off: s.next_invoice.discount_amount_off,
      },
      billing_period: s.billing_period === 'annual_period' ? 'annual_period' : 'monthly_period',
      next_character_count_reset_unix: s.next_character_count_reset_unix,
      has_open_invoices: s.has_open_invoices,
    };
  }

  async invoices(userId: string): Promise<InvoiceListItem[]> {
    const ws = await billingWorkspace(this.db, userId);
    return (await invoicesRepo.listInvoices(this.db, ws.id)).map(presentInvoice);
  }

  /** POST validate-promocode: an unknown or expired code is `valid: false`, not an error. */
  validatePromocode(code: string): Promise<ValidatePromocodeResponse> {
    return promocodeValidity(this.db, this.clock.now(), code);
  }

  /**
   * Operators (admin set-plan): puts a workspace on a plan without a card (no provider, no invoices;
   * the period-end job renews it), or back on free.
   */
  async setPlan(workspaceId: string, tier: string, period: BillingPeriod): Promise<void> {
    const t = toTier(tier);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      if (t === 'free') return endSubscription(tx, workspaceId, null);
      await applySubscriptionState(tx, null, {
        workspaceId,
        customerId: null,
        subscriptionId: `manual_${workspaceId}`,
        tier: t,
        period,
        currency: 'usd',
        status: 'active',
        periodStart: now,
        periodEnd: addPeriod(now, period),
        cancelAt: null,
        scheduled: null,
      });
    });
    this.bus.publish({
      collection: 'workspace',
      op: 'update',
      id: workspaceId,
      data: null,
      audience: { workspaceIds: [workspaceId] },
    });
  }
}

function workspaceOfEvent(e: BillingEvent): string | undefined {
  switch (e.type) {
    case 'subscription.updated':
      return e.state.workspaceId;
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return e.invoice.workspaceId;
    case 'subscription.deleted':
    case 'payment_method.updated':
    case 'payouts.onboarded':
      return e.workspaceId;
    default:
      return undefined;
  }
}
