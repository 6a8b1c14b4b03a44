import type { AppDb } from '../../db/client';
import { forbidden } from '../../errors';
import type { SubscriptionRef } from '../../billing/provider';
import { noWorkspace } from './billing-errors';
import * as repo from './billing.repo';

export type BillingWorkspace = Awaited<ReturnType<typeof billingWorkspace>>;

/** The caller's current workspace with its billing; changing billing needs the workspace admin role. */
export async function billingWorkspace(db: AppDb, userId: string, admin = false) {
  const ws = await repo.memberWorkspace(db, userId);
  if (!ws) throw noWorkspace();
  if (admin && ws.role !== 'admin') {
    throw forbidden('Only a workspace admin can change its subscription.', 'billing_admin_only');
  }
  const billing = await repo.workspaceBilling(db, ws.id);
  if (!billing) throw noWorkspace();
  return { ...ws, ...billing };
}

/** The subscription as the provider knows it; undefined for workspaces without a card subscription. */
export function subscriptionRef(ws: repo.WorkspaceBilling): SubscriptionRef | undefined {
  const s = ws.sub;
  if (!s.providerSubscriptionId || !s.currentPeriodStart || !s.currentPeriodEnd || !s.provider)
    return undefined;
  return {
    workspaceId: s.workspaceId,
    customerId: s.providerCustomerId,
    subscriptionId: s.providerSubscriptionId,
    scheduleId: s.providerScheduleId,
    tier: ws.workspace.tier,
    period: s.billingPeriod,
    currency: s.currency ?? 'usd',
    periodStart: s.currentPeriodStart,
    periodEnd: s.currentPeriodEnd,
    cancelAt: s.cancelAt,
  };
}
