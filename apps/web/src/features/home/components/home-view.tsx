import type { ReactNode } from 'react';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { useUser } from '@/lib/auth';
import { useCurrentUser } from '@/lib/current-user';

import { usePlayInPlace } from '../hooks/use-play-in-place';
import { FeaturedVoices } from './featured-voices';
import { GettingStarted, showsChecklist } from './getting-started';
import { QuickActions } from './quick-actions';
import { RecentGenerations } from './recent-generations';

export function greetingFor(hour: number): string {
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/**
 * /app/home, the start page: a greeting, quick actions to each product, the getting-started checklist
 * (until hidden or done), recent generations and featured voices, each playable in place.
 * `activity` is a region the app layer adds below (the notifications list of another feature).
 */
export function HomeView({ activity }: { activity?: ReactNode }) {
  const user = useUser();
  const { data: me } = useCurrentUser();
  const player = usePlayInPlace();
  const firstName = (me?.first_name || user?.name || '').trim().split(/\s+/)[0];
  const now = new Date();
  const today = now.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
  const checklist = me && showsChecklist(me) ? me : null;

  return (
    <div className="space-y-8">
      <section className="flex flex-col gap-1">
        <p className="text-sm font-medium text-zinc-500 dark:text-zinc-400">{today}</p>
        <h2 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-white">
          {greetingFor(now.getHours())}
          {firstName ? `, ${firstName}` : ''}
        </h2>
      </section>

      <ErrorBoundary region="quick actions">
        <QuickActions />
      </ErrorBoundary>

      <div className={checklist ? 'grid grid-cols-1 items-start gap-6 lg:grid-cols-5' : undefined}>
        <div className={checklist ? 'min-w-0 lg:col-span-3' : undefined}>
          <ErrorBoundary region="recent generations">
            <RecentGenerations player={player} />
          </ErrorBoundary>
        </div>
        {checklist ? (
          <div className="min-w-0 lg:col-span-2">
            <ErrorBoundary region="getting started">
              <GettingStarted user={checklist} />
            </ErrorBoundary>
          </div>
        ) : null}
      </div>

      <ErrorBoundary region="featured voices">
        <FeaturedVoices player={player} />
      </ErrorBoundary>

      {activity}
    </div>
  );
}
