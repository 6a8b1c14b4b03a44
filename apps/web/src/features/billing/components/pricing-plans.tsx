import { accountRoutes, appRoutes } from '@vocalis/domain/app-routes';
import { subscriptionChangeFailedText } from '@vocalis/domain/billing/billing-messages';
import { PLAN_IDS, type PlanId, TIER_DISPLAY_NAMES, toBillingPeriod } from '@vocalis/domain/billing/tiers';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast/toast-store';

import { cancelDowngrade } from '../api/cancel-downgrade';
import { cancelSubscription } from '../api/cancel-subscription';
import { changeSubscription } from '../api/change-subscription';
import { renewSubscription } from '../api/renew-subscription';
import { useCheckout } from '../hooks/use-checkout';
import { usePricingChoice } from '../hooks/use-pricing-choice';
import { useSubscriptionMutation } from '../hooks/use-subscription-mutation';
import type { Viewer } from '../lib/current-plan';
import { type PlanCardView, planCardView } from '../lib/plan-card-view';

import { PlanCard } from './plan-card';
import { CancelSubscriptionDialog, ChangePlanDialog } from './plan-change-dialogs';
import { SegmentedToggle } from './segmented-toggle';

type Flow =
  | { kind: 'upgrade' | 'downgrade'; plan: PlanId; key: string }
  | { kind: 'cancel' }
  | { kind: 'sales' }
  | null;

/** The toggles and one card per plan, with every action of billing.md §4 wired to its flow. */
export function PricingPlans({ viewer }: { viewer: Viewer }) {
  const navigate = useNavigate();
  const sub = viewer.loggedIn ? viewer.subscription : null;
  const choice = usePricingChoice(sub ? { billingPeriod: sub.billing_period, currency: sub.currency } : null);
  const checkout = useCheckout();
  const change = useSubscriptionMutation(changeSubscription);
  const cancel = useSubscriptionMutation(cancelSubscription);
  const renew = useSubscriptionMutation(renewSubscription);
  const undoDowngrade = useSubscriptionMutation(cancelDowngrade);
  const [flow, setFlow] = useState<Flow>(null);
  const busy =
    checkout.isPending || change.isPending || cancel.isPending || renew.isPending || undoDowngrade.isPending;
  const currentName = viewer.loggedIn
    ? (TIER_DISPLAY_NAMES[viewer.plan.tier as PlanId] ?? viewer.plan.tier)
    : '';

  function select(view: PlanCardView) {
    switch (view.effect) {
      case 'signUp':
        void navigate(
          `${accountRoutes.signUp.path}?redirect=${encodeURIComponent(appRoutes.subscription.path)}`,
        );
        return;
      case 'contactSales':
        setFlow({ kind: 'sales' });
        return;
      case 'checkout':
        checkout.mutate({ plan: view.plan, currency: choice.currency, period: choice.period });
        return;
      case 'cancellationFlow':
        setFlow({ kind: 'cancel' });
        return;
      case 'confirmationFlow':
        setFlow({
          kind: view.action === 'upgrade' ? 'upgrade' : 'downgrade',
          plan: view.plan,
          key: crypto.randomUUID(),
        });
        return;
      case 'renew':
        renew.mutate(undefined, {
          onSuccess: () => toast.success(`Your ${currentName} plan will continue`),
          onError: () => toast.error(subscriptionChangeFailedText('renew')),
        });
        return;
      case 'cancelDowngrade':
        undoDowngrade.mutate(undefined, {
          onSuccess: () => toast.success('The scheduled downgrade was canceled'),
          onError: () => toast.error(subscriptionChangeFailedText('cancel the downgrade of your')),
        });
        return;
      default:
    }
  }

  function confirmChange() {
    if (flow?.kind !== 'upgrade' && flow?.kind !== 'downgrade') return;
    const { kind, plan, key } = flow;
    change.mutate(
      {
        subscription_type: plan as 'free',
        billing_period: toBillingPeriod(choice.period),
        idempotency_key: key,
      },
      {
        onSuccess: () => {
          setFlow(null);
          toast.success(
            kind === 'upgrade'
              ? `You are now on ${TIER_DISPLAY_NAMES[plan]}`
              : `Downgrade to ${TIER_DISPLAY_NAMES[plan]} scheduled`,
          );
        },
        onError: () => toast.error(subscriptionChangeFailedText(kind)),
      },
    );
  }

  function confirmCancel() {
    cancel.mutate(undefined, {
      onSuccess: () => {
        setFlow(null);
        toast.success(`Your ${currentName} plan will be canceled at the end of the period`);
      },
      onError: () => toast.error(subscriptionChangeFailedText('cancel')),
    });
  }

  const periodEnd = sub?.current_period_end_unix ?? sub?.next_character_count_reset_unix ?? null;
  return (
    <section aria-label="Plans" className="space-y-6">
      <div className="flex flex-wrap items-center justify-center gap-3">
        <SegmentedToggle
          label="Billing period"
          value={choice.period}
          onChange={choice.setPeriod}
          options={[
            { value: 'monthly', label: 'Monthly' },
            { value: 'yearly', label: 'Annual', hint: '2 months free' },
          ]}
        />
        <SegmentedToggle
          label="Currency"
          value={choice.currency}
          onChange={choice.setCurrency}
          options={[
            { value: 'usd', label: 'USD' },
            { value: 'eur', label: 'EUR' },
          ]}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {PLAN_IDS.map((plan) => (
          <PlanCard
            key={plan}
            view={planCardView(plan, viewer, choice)}
            period={choice.period}
            currency={choice.currency}
            busy={busy}
            onSelect={select}
          />
        ))}
      </div>
      {flow?.kind === 'upgrade' || flow?.kind === 'downgrade' ? (
        <ChangePlanDialog
          open
          kind={flow.kind}
          plan={flow.plan}
          period={choice.period}
          currency={choice.currency}
          periodEndUnix={periodEnd}
          pending={change.isPending}
          onConfirm={confirmChange}
          onClose={() => setFlow(null)}
        />
      ) : null}
      <CancelSubscriptionDialog
        open={flow?.kind === 'cancel'}
        planName={currentName}
        periodEndUnix={periodEnd}
        pending={cancel.isPending}
        onConfirm={confirmCancel}
        onClose={() => setFlow(null)}
      />
      <Modal
        open={flow?.kind === 'sales'}
        onOpenChange={(open) => (!open ? setFlow(null) : undefined)}
        title="Enterprise"
        description="Enterprise plans (unlimited characters, custom terms) are arranged with the team that runs this Vocalis server; they set your workspace's plan for you."
      >
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => setFlow(null)}>
            Close
          </Button>
        </div>
      </Modal>
    </section>
  );
}
