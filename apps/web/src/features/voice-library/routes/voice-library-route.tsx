import { appRoutes } from '@vocalis/domain/app-routes';
import { Link } from 'react-router';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { buttonClasses } from '@/components/ui/button';

import { LibraryView } from '../components/library-view';
import { MyLibraryVoices } from '../components/my-library-voices';

/** /app/voice-library: the voices every workspace shared. */
export default function VoiceLibraryRoute() {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">
            Voice library
          </h2>
          <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
            Profile voices shared by other workspaces. Add one to use it like your own.
          </p>
        </div>
        <Link to={appRoutes.voiceLibraryCollections.path} className={buttonClasses('secondary', 'sm')}>
          Collections
        </Link>
      </div>
      <ErrorBoundary region="Your library voices">
        <MyLibraryVoices />
      </ErrorBoundary>
      <ErrorBoundary region="Voice library">
        <LibraryView />
      </ErrorBoundary>
    </div>
  );
}
