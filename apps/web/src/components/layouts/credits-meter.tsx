import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@vocalis/contracts/user';
import { appRoutes } from '@vocalis/domain/app-routes';
import { TIER_DISPLAY_NAMES, toTier } from '@vocalis/domain/billing/tiers';
import { UNLIMITED_CHARACTERS } from '@vocalis/domain/plan-limits';
import { formatRelativeTime } from '@vocalis/domain/relative-time';
import clsx from 'clsx';
import { Link } from 'react-router';

import { useNow } from '@/hooks/use-now';
import { currentUserKey, useCurrentUser } from '@/lib/current-user';
import { useLiveCollection } from '@/lib/live';

const fmt = (n: number) => n.toLocaleString('en-US');

export type CreditsView = {
  plan: string;
  unlimited: boolean;
  remaining: number;
  limit: number;
  /** Share of the quota left, 0–100 (100 when unlimited). */
  percentLeft: number;
  /** low under 10% left, out at none. */
  level: 'ok' | 'low' | 'out';
  /** A bigger plan exists to move to. */
  canUpgrade: boolean;
  resetsAtMs: number | null;
};

/** What the meter shows for a subscription of GET /v1/user. */
export function creditsView(sub: User['subscription']): CreditsView {
  const tier = toTier(sub.tier);
  const unlimited = sub.character_limit < 0 || sub.character_limit >= UNLIMITED_CHARACTERS;
  const remaining = unlimited ? 0 : Math.max(0, sub.character_limit - sub.character_count);
  const percentLeft = unlimited
    ? 100
    : sub.character_limit > 0
      ? Math.round((remaining / sub.character_limit) * 100)
      : 0;
  return {
    plan: TIER_DISPLAY_NAMES[tier],
    unlimited,
    remaining,
    limit: sub.character_limit,
    percentLeft,
    level: unlimited ? 'ok' : remaining === 0 ? 'out' : percentLeft < 10 ? 'low' : 'ok',
    canUpgrade: tier !== 'enterprise' && tier !== 'trial',
    resetsAtMs: sub.next_character_count_reset_unix ? sub.next_character_count_reset_unix * 1000 : null,
  };
}

/**
 * The sidebar's foot: the plan and the characters left this period, with the way to a bigger plan.
 * Follows the server: generations invalidate the user, and billing changes arrive as live updates.
 */
export function CreditsMeter({ onNavigate }: { onNavigate?: () => void }) {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const now = useNow(60_000);
  useLiveCollection('workspace', () => void queryClient.invalidateQueries({ queryKey: currentUserKey }));

  if (!user) return <div className="h-[92px] animate-pulse rounded-xl bg-zinc-100 dark:bg-zinc-800/60" />;
  const view = creditsView(user.subscription);

  return (
    <section
      aria-label="Credits"
      className="rounded-xl border border-zinc-200 bg-zinc-50/80 p-3 dark:border-zinc-800 dark:bg-zinc-900/60"
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-xs font-semibold text-zinc-900 dark:text-zinc-100">
          {view.plan}
          <span className="font-normal text-zinc-500 dark:text-zinc-400"> plan</span>
        </p>
        <Link
          to={appRoutes.subscription.path}
          onClick={onNavigate}
          className="rounded text-xs font-medium text-indigo-600 hover:text-indigo-500 dark:text-indigo-400 dark:hover:text-indigo-300"
        >
          {view.canUpgrade ? 'Upgrade' : 'View plan'}
        </Link>
      </div>
      {view.unlimited ? (
        <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">Unlimited characters</p>
      ) : (
        <>
          <div
            role="meter"
            aria-label="Characters left"
            aria-valuemin={0}
            aria-valuemax={view.limit}
            aria-valuenow={view.remaining}
            aria-valuetext={`${fmt(view.remaining)} of ${fmt(view.limit)} characters left`}
            className="mt-2.5 h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
          >
            <div
              className={clsx(
                'h-full rounded-full transition-[width]',
                view.level === 'ok' ? 'bg-indigo-500' : view.level === 'low' ? 'bg-amber-500' : 'bg-rose-500',
              )}
              style={{ width: `${view.percentLeft}%` }}
            />
          </div>
          <p className="mt-2 text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
            <span className="font-medium text-zinc-900 dark:text-zinc-100">{fmt(view.remaining)}</span> of{' '}
            {fmt(view.limit)} characters left
          </p>
          {view.resetsAtMs && view.resetsAtMs > now ? (
            <p className="mt-0.5 text-[11px] text-zinc-500 dark:text-zinc-500">
              Resets {formatRelativeTime(view.resetsAtMs, now)}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
