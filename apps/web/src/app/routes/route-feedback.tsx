import clsx from 'clsx';
import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

import { buttonClasses } from '@/components/ui/button';
import { LogoMark, Spinner } from '@/components/ui/icons';
import { isHttpError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { paths } from '@/config/paths';

type CenteredMessageProps = { title: string; body: string; action: ReactNode; embedded?: boolean };

function CenteredMessage({ title, body, action, embedded = false }: CenteredMessageProps) {
  return (
    <div
      className={clsx(
        'flex flex-col items-center justify-center px-4 text-center',
        embedded ? 'py-20' : 'min-h-dvh',
      )}
    >
      <span className="mb-6 flex size-11 items-center justify-center rounded-xl bg-indigo-600 text-white shadow-lg shadow-indigo-600/30">
        <LogoMark className="size-6" />
      </span>
      <h1 className="text-xl font-semibold text-zinc-900 dark:text-white">{title}</h1>
      <p className="mt-2 max-w-sm text-sm text-zinc-600 dark:text-zinc-400">{body}</p>
      <div className="mt-6">{action}</div>
    </div>
  );
}

/** Shown while the first route data loads. */
export function RouteSpinner() {
  return (
    <div
      className="flex min-h-dvh items-center justify-center text-zinc-400"
      role="status"
      aria-label="Loading"
    >
      <Spinner className="size-6" />
    </div>
  );
}

/** Unknown URL; `embedded` inside the signed-in layout. */
export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  return (
    <CenteredMessage
      embedded={embedded}
      title="Page not found"
      body="The page you are looking for does not exist or has moved."
      action={
        <Link to={paths.root} className={buttonClasses('primary')}>
          Go to the app
        </Link>
      }
    />
  );
}

/** A loader or page crashed outside any region boundary. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const offline = isHttpError(error) && error.message === NETWORK_ERROR_MESSAGE;
  return (
    <CenteredMessage
      title={offline ? 'Cannot reach the server' : 'Something went wrong'}
      body={
        offline
          ? 'Check that the Vocalis server is running and your connection is up, then try again.'
          : 'Something went wrong, please try again later.'
      }
      action={
        <button type="button" className={buttonClasses('primary')} onClick={() => window.location.reload()}>
          Reload
        </button>
      }
    />
  );
}

/** Unknown URL under /app, shown inside the signed-in layout. */
export function AppNotFoundPage() {
  return <NotFoundPage embedded />;
}
