import { mayCloneInstantly } from '@vocalis/domain/voices/voice-cloning';
import type { ExtendedSubscription, InvoiceListItem, InvoiceResponse } from '@vocalis/contracts/billing';
import { mayExtendCharacterLimit, extraCharacterAllowance } from '@vocalis/domain/billing/character-quota';
import {
  concurrency,
  customVoiceLimit,
  maxVoiceAddEdits,
  overageCents,
  professionalVoiceLimit,
  UNLIMITED,
} from '@vocalis/domain/billing/plans';
import { isPaidTier } from '@vocalis/domain/billing/tiers';
import { monthlyCharacterLimit } from '@vocalis/domain/plan-limits';
import { mayUseProjectsApi } from '@vocalis/domain/studio/studio-rules';
import { couponDiscountCents, periodPriceCents } from '../../billing/prices';
import type { SubscriptionRow } from './billing.repo';
import type { InvoiceRow } from './invoices.repo';
import type { UsageSnapshot } from './subscription-snapshot.repo';

const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** An invoice in the SDK's InvoiceResponse shape. */
export function invoiceResponse(row: InvoiceRow): InvoiceResponse {
  return {
    amount_due_cents: row.amountDueCents,
    subtotal_cents: row.subtotalCents,
    tax_cents: 0,
    discount_percent_off: row.discountPercentOff,
    discount_amount_off: row.discountAmountOffCents,
    discounts:
      row.discountPercentOff || row.discountAmountOffCents
        ? [{ discount_percent_off: row.discountPercentOff, discount_amount_off: row.discountAmountOffCents }]
        : [],
    next_payment_attempt_unix: row.nextPaymentAttemptAt ? unix(row.nextPaymentAttemptAt) : -1,
    payment_intent_status: row.paymentIntentStatus,
    payment_intent_statusses: row.paymentIntentStatus ? [row.paymentIntentStatus] : [],
  };
}

export function presentInvoice(row: InvoiceRow): InvoiceListItem {
  return {
    invoice_id: row.id,
    kind: row.kind,
    status: row.status,
    tier: row.tier,
    billing_period: row.billingPeriod,
    currency: row.currency,
    amount_due_cents: row.amountDueCents,
    subtotal_cents: row.subtotalCents,
    discount_cents: row.discountCents,
    period_start_unix: unix(row.periodStart),
    period_end_unix: unix(row.periodEnd),
    created_at_unix: unix(row.createdAt),
    paid_at_unix: row.paidAt ? unix(row.paidAt) : null,
  };
}

/** The invoice the next renewal will make: the plan (or scheduled downgrade) with any discount left. */
function nextInvoice(tier: string, sub: SubscriptionRow): InvoiceResponse | null {
  if (!isPaidTier(tier) || !sub.currentPeriodEnd || sub.cancelAt || !sub.provider) return null;
  const nextTier = sub.scheduledTier ?? tier;
  if (!isPaidTier(nextTier)) return null;
  const subtotal = periodPriceCents(
    nextTier,
    sub.scheduledPeriod ?? sub.billingPeriod,
    sub.currency ?? 'usd',
  );
  const discounted = (sub.discountInvoicesLeft ?? 0) > 0;
  const off = discounted
    ? couponDiscountCents(subtotal, {
        percentOff: sub.discountPercentOff,
        amountOffCents: sub.discountAmountOffCents,
      })
    : 0;
  return {
    amount_due_cents: subtotal - off,
    subtotal_cents: subtotal,
    tax_cents: 0,
    discount_percent_off: discounted ? sub.discountPercentOff : null,
    discount_amount_off: discounted ? sub.discountAmountOffCents : null,
    discounts: discounted
      ? [{ discount_percent_off: sub.discountPercentOff, discount_amount_off: sub.discountAmountOffCents }]
      : [],
    next_payment_attempt_unix: unix(sub.currentPeriodEnd),
    payment_intent_status: null,
    payment_intent_statusses: [],
  };
}

/**
 * GET /v1/user/subscription (and GET /v1/user's `subscription`): the plan's limits from the catalogue,
 * the quota from workspace_usage, the schedule and cancel date from the billing row.
 */
export function presentSubscription(input: {
  workspace: { id: string; tier: string; maxSeats: number };
  sub: SubscriptionRow;
  usage: UsageSnapshot | null | undefined;
  open: InvoiceRow[];
  extension: { allowed: boolean; max: number | null };
  voices?: { slotsUsed: number; addEdits: number; professionalUsed?: number; extraPvcSlots?: number };
  now: Date;
}): ExtendedSubscription {
  const { workspace, sub, usage } = input;
  const tier = workspace.tier;
  const limit = usage?.characterLimit ?? monthlyCharacterLimit(tier);
  const count = usage?.characterCount ?? 0;
  const allowance = extraCharacterAllowance(tier);
  const canExtend = allowance !== 0;
  const voiceLimit = customVoiceLimit(tier);
  const currency = sub.currency ?? 'usd';
  const extending = mayExtendCharacterLimit({
    tier,
    status: sub.status,
    allowedToExtend: input.extension.allowed,
    canExtend,
  });
  const overage = extending ? overageCents(tier, count - limit, currency) : 0;
  const scheduled =
    sub.scheduledChangeType === 'downgrade' && sub.scheduledTier && sub.currentPeriodEnd
      ? {
          type: 'downgrade' as const,
          downgrade_to: sub.scheduledTier as ExtendedSubscription['tier'] & 'free',
          billing_period: sub.scheduledPeriod ?? sub.billingPeriod,
          effective_at_unix: unix(sub.currentPeriodEnd),
        }
      : null;
  const open = input.open.map(invoiceResponse);
  return {
    tier,
    character_count: count,
    character_limit: limit,
    max_character_limit_extension: input.extension.max,
    max_credit_limit_extension: allowance === UNLIMITED ? 'unlimited' : allowance,
    can_extend_character_limit: canExtend,
    allowed_to_extend_character_limit: input.extension.allowed,
    allowed_to_use_projects_api: mayUseProjectsApi(tier),
    next_character_count_reset_unix: usage ? unix(usage.nextCharacterCountResetAt) : null,
    voice_slots_used: input.voices?.slotsUsed ?? 0,
    professional_voice_slots_used: input.voices?.professionalUsed ?? 0,
    professional_voice_slots_used_in_workspace: input.voices?.professionalUsed ?? 0,
    voice_limit: voiceLimit,
    max_voice_add_edits: voiceLimit === UNLIMITED ? null : maxVoiceAddEdits(voiceLimit),
    voice_add_edit_counter: input.voices?.addEdits ?? 0,
    professional_voice_limit: professionalVoiceLimit(tier, input.voices?.extraPvcSlots ?? 0),
    can_extend_voice_limit: false,
    can_use_instant_voice_cloning: mayCloneInstantly(tier),
    can_use_professional_voice_cloning: professionalVoiceLimit(tier, input.voices?.extraPvcSlots ?? 0) > 0,
    currency,
    current_overage: { amount: (overage / 100).toFixed(2), currency },
    status: sub.status,
    billing_period: sub.billingPeriod,
    character_refresh_period: 'monthly_period',
    next_invoice: nextInvoice(tier, sub),
    open_invoices: open,
    has_open_invoices: open.length > 0,
    pending_change: sub.cancelAt
      ? { kind: 'cancellation', timestamp_seconds: unix(sub.cancelAt) }
      : scheduled
        ? {
            kind: 'change',
            next_tier: scheduled.downgrade_to,
            next_billing_period: scheduled.billing_period,
            timestamp_seconds: scheduled.effective_at_unix,
          }
        : null,
    current_period_end_unix: sub.currentPeriodEnd ? unix(sub.currentPeriodEnd) : null,
    cancel_at_unix: sub.cancelAt ? unix(sub.cancelAt) : null,
    scheduled_change: scheduled,
    previously_subscribed_tiers: sub.previouslySubscribedTiers,
    trust_on_invoice_creation: sub.trustOnInvoiceCreation,
    payment_provider: sub.provider && sub.providerSubscriptionId ? sub.provider : null,
    payment_method: sub.cardBrand && sub.cardLast4 ? { brand: sub.cardBrand, last4: sub.cardLast4 } : null,
    max_seats: workspace.maxSeats,
    concurrency_limit: usage?.concurrencyLimit ?? concurrency(tier),
  };
}
