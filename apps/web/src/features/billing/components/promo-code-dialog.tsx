import { promoSuccessText, type StoredPromo } from '@vocalis/domain/billing/promo';
import { type PlanId, TIER_DISPLAY_NAMES } from '@vocalis/domain/billing/tiers';

import { Button } from '@/components/ui/button';
import { LoadingButton } from '@/components/ui/loading-button';
import { Modal } from '@/components/ui/modal';

const PREFIX = 'Coupon code applied for checkout!';

/** The coupon's effect in words: "$22 off each month for 1 month(s)". */
export const promoEffect = (promo: StoredPromo): string =>
  promoSuccessText(promo).slice(PREFIX.length).trim();

type Props = {
  open: boolean;
  promo: StoredPromo;
  plan: PlanId | null;
  subscribing: boolean;
  onSubscribe: () => void;
  onRemove: () => void;
  onClose: () => void;
};

/** billing.md §2 'Use promo code': the saved code, its effect; Remove promo code, Close dialog, Subscribe to {plan}. */
export function PromoCodeDialog({ open, promo, plan, subscribing, onSubscribe, onRemove, onClose }: Props) {
  const effect = promoEffect(promo);
  return (
    <Modal open={open} onOpenChange={(next) => (!next ? onClose() : undefined)} title="Use promo code">
      <div className="rounded-xl border border-dashed border-indigo-300 bg-indigo-50/60 p-4 dark:border-indigo-500/40 dark:bg-indigo-500/10">
        <p className="text-xs font-medium tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
          Saved code
        </p>
        <p
          className="mt-1 font-mono text-lg font-semibold text-zinc-900 dark:text-white"
          data-testid="saved-promo-code"
        >
          {promo.promocode}
        </p>
        <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300" data-testid="promo-effect">
          {effect ? `${effect}.` : 'Applied at checkout.'}
          {plan ? ` ${TIER_DISPLAY_NAMES[plan]} is free for the coupon's months.` : ''}
        </p>
      </div>
      <div className="mt-5 space-y-2">
        {plan ? (
          <LoadingButton className="w-full" loading={subscribing} onClick={onSubscribe}>
            Subscribe to {TIER_DISPLAY_NAMES[plan]}
          </LoadingButton>
        ) : null}
        <div className="grid grid-cols-2 gap-2">
          <Button variant="secondary" onClick={onRemove}>
            Remove promo code
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Close dialog
          </Button>
        </div>
      </div>
    </Modal>
  );
}
