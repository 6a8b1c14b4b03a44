import type { ShareStats } from '@vocalis/contracts/voice-library';
import { useState } from 'react';

import { inputClasses } from '@/components/ui/input';

import { useShareStats } from '../api/get-share-stats';

const RANGES: Record<ShareStats['range'], string> = {
  '1d': 'Last day',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last year',
};

/** Uses of the voice by other workspaces and copies added, over a range. */
export function ShareStatsSummary({ voiceId }: { voiceId: string }) {
  const [range, setRange] = useState<ShareStats['range']>('30d');
  const { data } = useShareStats(voiceId, range, true);
  return (
    <section aria-label="Share stats" className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-zinc-900 dark:text-zinc-100">Share stats</h3>
        <div className="w-40">
          <select
            aria-label="Stats range"
            className={`${inputClasses} h-8 py-0`}
            value={range}
            onChange={(e) => setRange(e.target.value as ShareStats['range'])}
          >
            {Object.entries(RANGES).map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </div>
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-center">
        {[
          ['Uses', data?.uses],
          ['Characters', data?.characters],
          ['Copies', data?.copies],
        ].map(([k, v]) => (
          <div key={k as string}>
            <dt className="text-xs text-zinc-500">{k}</dt>
            <dd className="text-lg font-semibold text-zinc-900 tabular-nums dark:text-zinc-50">{v ?? '–'}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
