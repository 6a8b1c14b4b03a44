import { ErrorBoundary } from '@/components/errors/error-boundary';
import { NotificationsList } from '@/features/notifications/components/notifications-list';
import { useUser } from '@/lib/auth';

function greetingFor(hour: number): string {
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** /app/home: greeting and the user's notifications. */
export default function HomeRoute() {
  const user = useUser();
  const firstName = user?.name.trim().split(/\s+/)[0];
  const today = new Date().toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' });

  return (
    <div className="space-y-8">
      <section className="flex flex-col gap-1">
        <p className="text-sm font-medium text-zinc-500 dark:text-zinc-400">{today}</p>
        <h2 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-white">
          {greetingFor(new Date().getHours())}
          {firstName ? `, ${firstName}` : ''}
        </h2>
        {user ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Signed in as <span className="font-medium text-zinc-800 dark:text-zinc-200">{user.email}</span>
          </p>
        ) : null}
      </section>
      <ErrorBoundary region="notifications">
        <NotificationsList />
      </ErrorBoundary>
    </div>
  );
}
