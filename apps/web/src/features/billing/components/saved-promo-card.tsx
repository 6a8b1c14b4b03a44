import { type PlanId, TIER_DISPLAY_NAMES } from '@vocalis/domain/billing/tiers';

import { Button } from '@/components/ui/button';

/** billing.md §2: the floating 'Use saved promo code' card, bottom right, on medium and larger screens. */
export function SavedPromoCard({
  code,
  plan,
  onOpen,
  onSubscribe,
  busy,
}: {
  code: string;
  plan: PlanId;
  onOpen: () => void;
  onSubscribe: () => void;
  busy: boolean;
}) {
  return (
    <aside
      aria-label="Use saved promo code"
      className="fixed right-6 bottom-6 z-40 hidden w-72 rounded-2xl border border-zinc-200 bg-white p-4 shadow-xl shadow-zinc-900/10 md:block dark:border-zinc-800 dark:bg-zinc-900"
    >
      <p className="text-sm font-semibold text-zinc-900 dark:text-white">Use saved promo code</p>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        <button
          type="button"
          onClick={onOpen}
          className="font-mono font-medium text-indigo-600 underline-offset-2 hover:underline dark:text-indigo-400"
        >
          {code}
        </button>{' '}
        gives you {TIER_DISPLAY_NAMES[plan]}.
      </p>
      <Button className="mt-3 w-full" size="sm" disabled={busy} onClick={onSubscribe}>
        Subscribe
      </Button>
    </aside>
  );
}
