import { overageCents } from '@vocalis/domain/billing/plans';
import { isPaidTier } from '@vocalis/domain/billing/tiers';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDb } from '../../db/client';
import { addPeriod } from '../../billing/clock';
import type { LocalPaymentProvider } from '../../billing/local-provider';
import type { BillingEvent, SubscriptionRef } from '../../billing/provider';
import { applySubscriptionState } from './billing-events';
import type { BillingService } from './billing.service';
import * as repo from './billing.repo';

/**
 * What happens when a billing period ends (the `billing.period-end` job): characters used beyond the
 * limit are invoiced, then the local provider renews, downgrades or ends the plan (Stripe does that on its
 * side and reports it by webhook); operator plans simply roll over. Each step is keyed by the period,
 * so a job that stops half-way and runs again repeats nothing.
 */
export class BillingPeriods {
  constructor(
    private readonly db: AppDb,
    private readonly billing: BillingService,
    private readonly local: LocalPaymentProvider | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Every subscription whose period has ended by the billing clock's now; answers how many ran. */
  async runDue(): Promise<number> {
    const now = this.billing.clock.now();
    let n = 0;
    for (const sub of await repo.duePeriodEnds(this.db, now)) {
      try {
        await this.rollOver(sub.workspaceId);
        n++;
      } catch (err) {
        this.log.error(
          { err, workspaceId: sub.workspaceId },
          'period end failed; it runs again with the next job',
        );
      }
    }
    return n;
  }

  /** Ends the workspace's current period if it is over (a no-op otherwise). */
  async rollOver(workspaceId: string): Promise<void> {
    const now = this.billing.clock.now();
    const ws = await repo.workspaceBilling(this.db, workspaceId);
    const sub = ws?.sub;
    if (!ws || !sub?.currentPeriodEnd || !sub.currentPeriodStart || sub.currentPeriodEnd > now) return;
    const tier = ws.workspace.tier;
    const ref: SubscriptionRef = {
      workspaceId,
      customerId: sub.providerCustomerId,
      subscriptionId: sub.providerSubscriptionId ?? `manual_${workspaceId}`,
      scheduleId: sub.providerScheduleId,
      tier,
      period: sub.billingPeriod,
      currency: sub.currency ?? 'usd',
      periodStart: sub.currentPeriodStart,
      periodEnd: sub.currentPeriodEnd,
      cancelAt: sub.cancelAt,
    };

    // 1. Overage of the period that ended (only reachable when the limit could be extended).
    const usage = await repo.usageRow(this.db, workspaceId);
    const over = usage ? usage.characterCount - usage.characterLimit : 0;
    const amount = overageCents(tier, over, ref.currency);
    if (amount > 0 && sub.provider) {
      const provider = this.billing.provider;
      await this.billing.handle(
        await provider.chargeOverage(ref, {
          amountCents: amount,
          characters: over,
          periodStart: sub.currentPeriodStart,
          periodEnd: sub.currentPeriodEnd,
        }),
      );
    }

    // 2. The next period.
    if (!sub.provider) {
      // An operator's plan: same plan, next period, characters start again.
      await this.db.transaction((tx) =>
        applySubscriptionState(tx, null, {
          ...ref,
          status: sub.status,
          periodStart: ref.periodEnd,
          periodEnd: addPeriod(ref.periodEnd, ref.period),
          scheduled: null,
        }),
      );
      return;
    }
    if (sub.provider !== 'local' || !this.local) return; // Stripe renews and reports by webhook
    const endsNow =
      (sub.cancelAt && sub.cancelAt <= now) || (sub.scheduledTier && !isPaidTier(sub.scheduledTier));
    let events: BillingEvent[];
    if (endsNow) {
      events = [{ type: 'subscription.deleted', workspaceId, subscriptionId: ref.subscriptionId }];
    } else {
      const target = sub.scheduledTier
        ? { tier: sub.scheduledTier, period: sub.scheduledPeriod ?? sub.billingPeriod }
        : { tier, period: sub.billingPeriod };
      const discounted = (sub.discountInvoicesLeft ?? 0) > 0;
      events = await this.local.renew(
        ref,
        target,
        discounted
          ? { percentOff: sub.discountPercentOff, amountOffCents: sub.discountAmountOffCents }
          : null,
      );
      if (discounted) {
        const left = (sub.discountInvoicesLeft ?? 1) - 1;
        await repo.updateSubscription(
          this.db,
          workspaceId,
          left > 0
            ? { discountInvoicesLeft: left }
            : {
                discountInvoicesLeft: null,
                discountCode: null,
                discountPercentOff: null,
                discountAmountOffCents: null,
              },
        );
      }
    }
    await this.billing.handle(events);
  }
}
