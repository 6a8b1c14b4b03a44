import { formatCurrency } from '@vocalis/domain/billing/billing-display';
import { pricePerPeriod } from '@vocalis/domain/billing/plans';
import {
  type Currency,
  type PlanId,
  type PricingPeriod,
  TIER_DISPLAY_NAMES,
} from '@vocalis/domain/billing/tiers';

import { Button } from '@/components/ui/button';
import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';

const formatDate = (unix: number | null) =>
  unix
    ? new Date(unix * 1000).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })
    : 'the end of the period';

type ChangeProps = {
  open: boolean;
  kind: 'upgrade' | 'downgrade';
  plan: PlanId;
  period: PricingPeriod;
  currency: Currency;
  periodEndUnix: number | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** The confirmation flow for an upgrade (now, prorated) or a downgrade (at the period's end). */
export function ChangePlanDialog({
  open,
  kind,
  plan,
  period,
  currency,
  periodEndUnix,
  pending,
  onConfirm,
  onClose,
}: ChangeProps) {
  const name = TIER_DISPLAY_NAMES[plan];
  const price = pricePerPeriod(plan, period, currency);
  const per = period === 'yearly' ? 'year' : 'month';
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (!next ? onClose() : undefined)}
      title={kind === 'upgrade' ? `Upgrade to ${name}` : `Downgrade to ${name}`}
      description={
        kind === 'upgrade'
          ? `Your plan changes to ${name} right away. You pay the difference for the rest of this period, then ${price === null ? 'the plan price' : `${formatCurrency(price, currency)} per ${per}`}.`
          : `Your plan stays as it is until ${formatDate(periodEndUnix)}, then changes to ${name}${price ? ` at ${formatCurrency(price, currency)} per ${per}` : ''}. You can cancel the downgrade until then.`
      }
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <LoadingButton loading={pending} onClick={onConfirm}>
          {kind === 'upgrade' ? 'Confirm upgrade' : 'Confirm downgrade'}
        </LoadingButton>
      </div>
    </Modal>
  );
}

type CancelProps = {
  open: boolean;
  planName: string;
  periodEndUnix: number | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** The cancellation flow: the plan runs until the period's end, then the workspace is on Free. */
export function CancelSubscriptionDialog({
  open,
  planName,
  periodEndUnix,
  pending,
  onConfirm,
  onClose,
}: CancelProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (!next ? onClose() : undefined)}
      title="Cancel subscription"
      description={`Your ${planName} plan stays active until ${formatDate(periodEndUnix)}. After that your workspace moves to the Free plan and its monthly quota. You can undo this with 'Do Not Cancel' until then.`}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Keep my plan
        </Button>
        <LoadingButton variant="danger" loading={pending} onClick={onConfirm}>
          Cancel subscription
        </LoadingButton>
      </div>
    </Modal>
  );
}
