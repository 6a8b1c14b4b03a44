import {
  formatCurrency,
  WILL_BE_CANCELED_BADGE,
  WILL_BE_DOWNGRADED_BADGE,
} from '@vocalis/domain/billing/billing-display';
import { MOST_POPULAR_PLAN } from '@vocalis/domain/billing/plans';
import { type Currency, type PricingPeriod, TIER_DISPLAY_NAMES } from '@vocalis/domain/billing/tiers';
import clsx from 'clsx';

import { Button } from '@/components/ui/button';

import type { PlanCardView } from '../lib/plan-card-view';
import { PLAN_DESCRIPTIONS, planFeatures } from '../lib/plan-features';

const WARNING_BADGES = new Set([WILL_BE_DOWNGRADED_BADGE, WILL_BE_CANCELED_BADGE]);

function CheckIcon() {
  return (
    <svg
      viewBox="0 0 16 16"
      aria-hidden="true"
      className="mt-0.5 size-4 shrink-0 text-indigo-600 dark:text-indigo-400"
    >
      <path
        d="M3.5 8.5l3 3 6-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

type Props = {
  view: PlanCardView;
  period: PricingPeriod;
  currency: Currency;
  busy: boolean;
  onSelect: (view: PlanCardView) => void;
};

/** One plan of the pricing grid: name, price, badges, limits and the action button. */
export function PlanCard({ view, period, currency, busy, onSelect }: Props) {
  const name = TIER_DISPLAY_NAMES[view.plan];
  const popular = view.plan === MOST_POPULAR_PLAN;
  // Enterprise spans the grid's row, its limits beside the price on large screens.
  const wide = view.plan === 'enterprise';
  return (
    <article
      aria-label={name}
      data-testid={`plan-card-${view.plan}`}
      className={clsx(
        'relative flex flex-col rounded-2xl border bg-white p-5 shadow-sm dark:bg-zinc-900',
        wide && 'sm:col-span-2 lg:col-span-3 lg:flex-row lg:gap-10',
        popular ? 'border-indigo-500 ring-1 ring-indigo-500/40' : 'border-zinc-200 dark:border-zinc-800',
        view.isCurrent && 'bg-indigo-50/40 dark:bg-indigo-500/5',
      )}
    >
      <div className={clsx('flex flex-col', wide && 'lg:w-80 lg:shrink-0')}>
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-base font-semibold text-zinc-900 dark:text-white">{name}</h3>
          {/* The workspace's own plan says so; otherwise the most popular one is marked. */}
          {view.isCurrent ? (
            <span className="rounded-full bg-zinc-900/[0.06] px-2 py-0.5 text-[11px] font-semibold text-zinc-700 dark:bg-white/10 dark:text-zinc-200">
              Current plan
            </span>
          ) : popular ? (
            <span className="rounded-full bg-indigo-600 px-2 py-0.5 text-[11px] font-semibold text-white">
              Most popular
            </span>
          ) : null}
        </div>
        <p className="mt-1 min-h-10 text-sm text-zinc-500 dark:text-zinc-400">
          {PLAN_DESCRIPTIONS[view.plan]}
        </p>
        <div className="mt-4 flex items-baseline gap-1">
          {view.price === null ? (
            <span className="text-3xl font-semibold tracking-tight text-zinc-900 dark:text-white">
              Custom
            </span>
          ) : (
            <>
              <span className="text-3xl font-semibold tracking-tight text-zinc-900 dark:text-white">
                {formatCurrency(view.firstMonthPrice ?? view.price, currency)}
              </span>
              {view.firstMonthPrice !== null ? (
                <span className="text-sm text-zinc-400 line-through">
                  {formatCurrency(view.price, currency)}
                </span>
              ) : null}
              <span className="text-sm text-zinc-500 dark:text-zinc-400">/month</span>
            </>
          )}
        </div>
        <p className="mt-0.5 h-5 text-xs text-zinc-500 dark:text-zinc-400">
          {view.firstMonthPrice !== null
            ? 'first month, then the regular price'
            : period === 'yearly' && view.price
              ? 'billed yearly'
              : ''}
        </p>
        <ul aria-label={`${name} badges`} className="mt-3 flex min-h-6 flex-wrap gap-1.5">
          {view.badges.map((badge) => (
            <li
              key={badge}
              className={clsx(
                'rounded-md px-2 py-0.5 text-xs font-semibold',
                WARNING_BADGES.has(badge)
                  ? 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300'
                  : 'bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
              )}
            >
              {badge}
            </li>
          ))}
        </ul>
        <Button
          className="mt-4 w-full"
          variant={
            view.action === 'cancelSubscription' || view.action === 'downgrade' ? 'secondary' : 'primary'
          }
          disabled={view.disabled || busy}
          aria-label={`${view.label} (${name})`}
          onClick={() => onSelect(view)}
        >
          {view.label}
        </Button>
      </div>
      <ul
        className={clsx(
          'mt-5 space-y-2 text-sm text-zinc-700 dark:text-zinc-300',
          wide &&
            'lg:mt-9 lg:grid lg:flex-1 lg:grid-cols-2 lg:content-start lg:gap-x-6 lg:space-y-0 lg:gap-y-2',
        )}
      >
        {planFeatures(view.plan, currency).map((line) => (
          <li key={line} className="flex gap-2">
            <CheckIcon />
            {line}
          </li>
        ))}
      </ul>
    </article>
  );
}
