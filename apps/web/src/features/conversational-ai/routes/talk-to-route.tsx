import { ErrorBoundary } from '@/components/errors/error-boundary';

import { TalkToView } from '../components/talk-to-view';

export default function TalkToViewRoute() {
  return (
    <ErrorBoundary region="conversational AI">
      <TalkToView />
    </ErrorBoundary>
  );
}
