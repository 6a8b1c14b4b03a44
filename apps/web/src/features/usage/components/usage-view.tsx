import { appRoutes } from '@vocalis/domain/app-routes';
import { TIER_DISPLAY_NAMES, toTier } from '@vocalis/domain/billing/tiers';
import { UNLIMITED_CHARACTERS } from '@vocalis/domain/plan-limits';
import clsx from 'clsx';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';

import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/icons';
import { inputClasses } from '@/components/ui/input';
import { useUser } from '@/lib/auth';
import { useLiveBilling, useSubscription } from '@/lib/subscription';
import { useVoices } from '@/lib/voices';

import { type StatsBreakdown, useCharacterStats } from '../api/get-character-stats';
import { useMemberNames } from '../api/get-member-names';
import { useApiKeyNames, useModelNames } from '../api/get-label-sources';
import { RANGE_LABELS, type RangeKind, dailyTotals, rangeWindow, totalsByKey } from '../lib/usage-series';

import { BreakdownChart } from './breakdown-chart';
import { DailyUsageChart } from './daily-usage-chart';

const fmtDate = (unix: number) =>
  new Date(unix * 1000).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

function QuotaCard() {
  const { data: sub } = useSubscription();
  if (!sub) return <div className="h-28 animate-pulse rounded-2xl bg-zinc-100 dark:bg-zinc-900" />;
  const unlimited = sub.character_limit >= UNLIMITED_CHARACTERS;
  const pct =
    unlimited || sub.character_limit <= 0
      ? 0
      : Math.min(100, (sub.character_count / sub.character_limit) * 100);
  return (
    <section
      aria-label="Quota"
      className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs font-medium tracking-wide text-zinc-500 uppercase">
            {TIER_DISPLAY_NAMES[toTier(sub.tier)]} plan · characters this period
          </p>
          <p
            className="mt-1 text-2xl font-semibold text-zinc-900 tabular-nums dark:text-white"
            data-testid="usage-quota"
          >
            {sub.character_count.toLocaleString('en-US')}
            <span className="text-base font-normal text-zinc-500">
              {' '}
              / {unlimited ? 'Unlimited' : sub.character_limit.toLocaleString('en-US')}
            </span>
          </p>
          <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
            {sub.next_character_count_reset_unix
              ? `Resets on ${fmtDate(sub.next_character_count_reset_unix)}`
              : 'No reset scheduled'}
          </p>
        </div>
        <Link to={appRoutes.subscription.path} className={buttonClasses('secondary', 'sm')}>
          Manage plan
        </Link>
      </div>
      <div
        className="mt-4 h-2.5 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
        role="progressbar"
        aria-label="Characters used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(pct)}
      >
        <div
          className={clsx('h-full rounded-full', pct >= 90 ? 'bg-rose-500' : 'bg-indigo-600')}
          style={{ width: `${pct}%` }}
        />
      </div>
    </section>
  );
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section
      aria-label={title}
      className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h3 className="mb-4 text-sm font-semibold text-zinc-900 dark:text-white">{title}</h3>
      {children}
    </section>
  );
}

/** /app/usage and /app/usage/workspace: quota, characters per day, and by voice, model and API key. */
export function UsageView({ workspace }: { workspace: boolean }) {
  const user = useUser();
  const { data: sub } = useSubscription();
  useLiveBilling();
  const [range, setRange] = useState<RangeKind>('period');
  const [now] = useState(() => Date.now());
  const window = rangeWindow(range, now, sub?.next_character_count_reset_unix ?? null);
  const request = (breakdown: StatsBreakdown) => ({ ...window, workspace, breakdown });
  const daily = useCharacterStats(request('none'));
  const byVoice = useCharacterStats(request('voice'));
  const byModel = useCharacterStats(request('model'));
  const byKey = useCharacterStats(request('api_keys'));
  // The workspace view also splits usage by member (every member draws from the one subscription).
  const byUser = useCharacterStats({ ...request(workspace ? 'user' : 'none'), workspace });
  const members = useMemberNames(workspace);
  const voices = useVoices();
  const models = useModelNames();
  const keys = useApiKeyNames(user?.id);
  const voiceName = (id: string) => voices.data?.find((v) => v.voice_id === id)?.name ?? id;
  const modelName = (id: string) => models.data?.get(id) ?? id;
  const keyName = (id: string) =>
    id === 'unknown' ? 'Web app (no API key)' : (keys.data?.get(id) ?? `Key ${id.slice(0, 8)}`);
  const memberName = (id: string) => members.data?.get(id) ?? (id === 'unknown' ? 'Former member' : id);
  const total = daily.data ? dailyTotals(daily.data).reduce((a, p) => a + p.value, 0) : null;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Usage scope" className="flex gap-1 rounded-xl bg-zinc-100/70 p-1 dark:bg-zinc-900">
          {[appRoutes.usage, appRoutes.usageWorkspace].map((route) => (
            <NavLink
              key={route.key}
              to={route.path}
              end
              className={({ isActive }) =>
                clsx(
                  'rounded-lg px-3 py-1.5 text-sm font-medium',
                  isActive
                    ? 'bg-white text-zinc-900 shadow-sm dark:bg-zinc-700 dark:text-white'
                    : 'text-zinc-600 hover:text-zinc-900 dark:text-zinc-400',
                )
              }
            >
              {route.key === 'usage' ? 'My usage' : 'Workspace'}
            </NavLink>
          ))}
        </nav>
        <label className="flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-400">
          Range
          <select
            className={clsx(inputClasses, 'h-9 w-48')}
            value={range}
            onChange={(e) => setRange(e.target.value as RangeKind)}
          >
            {(Object.keys(RANGE_LABELS) as RangeKind[]).map((k) => (
              <option key={k} value={k}>
                {RANGE_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QuotaCard />
      <Card
        title={`Characters per day${total === null ? '' : ` · ${total.toLocaleString('en-US')} in range`}`}
      >
        {daily.data ? (
          <DailyUsageChart points={dailyTotals(daily.data)} />
        ) : daily.isError ? (
          <p role="alert" className="text-sm text-rose-600">
            Could not load usage.
          </p>
        ) : (
          <Spinner className="size-5 text-zinc-400" />
        )}
      </Card>
      {workspace ? (
        <BreakdownChart
          title="By member"
          rows={byUser.data ? totalsByKey(byUser.data) : []}
          nameOf={memberName}
          empty="No characters in this range."
        />
      ) : null}
      <div className="grid gap-4 lg:grid-cols-3">
        <BreakdownChart
          title="By voice"
          rows={byVoice.data ? totalsByKey(byVoice.data) : []}
          nameOf={voiceName}
          empty="No characters in this range."
        />
        <BreakdownChart
          title="By model"
          rows={byModel.data ? totalsByKey(byModel.data) : []}
          nameOf={modelName}
          empty="No characters in this range."
        />
        <BreakdownChart
          title="By API key"
          rows={byKey.data ? totalsByKey(byKey.data) : []}
          nameOf={keyName}
          empty="No characters in this range."
        />
      </div>
    </div>
  );
}
