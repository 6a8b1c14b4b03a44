import { ErrorBoundary } from '@/components/errors/error-boundary';

import { PhoneNumbersView } from '../components/phone-numbers-view';

export default function PhoneNumbersViewRoute() {
  return (
    <ErrorBoundary region="conversational AI">
      <PhoneNumbersView />
    </ErrorBoundary>
  );
}
