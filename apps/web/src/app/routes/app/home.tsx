import { ErrorBoundary } from '@/components/errors/error-boundary';
import { HomeView } from '@/features/home/components/home-view';
import { NotificationsList } from '@/features/notifications/components/notifications-list';

/** /app/home: the start page, with the user's notifications below it. */
export default function HomeRoute() {
  return (
    <HomeView
      activity={
        <ErrorBoundary region="notifications">
          <NotificationsList />
        </ErrorBoundary>
      }
    />
  );
}
