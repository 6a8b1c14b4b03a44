import { parseGeoLocation } from '@vocalis/domain/consent';

import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/current-user';

import { useAnalyticsConsentIn } from './privacy-choices';

/** The banner for a signed-in user: their registered location decides. */
export function UserAnalyticsConsentBanner() {
  const { data } = useCurrentUser();
  return <AnalyticsConsentBanner country={parseGeoLocation(data?.geo_location).country} />;
}

/** Asks for analytics consent in the listed European regions until the visitor decides (tracking stays off meanwhile). */
export function AnalyticsConsentBanner({ country }: { country: string | null }) {
  const [consent, setConsent] = useAnalyticsConsentIn(country);
  if (consent !== 'undecided') return null;
  return (
    <div
      role="region"
      aria-label="Analytics consent"
      className="fixed inset-x-3 bottom-3 z-[70] mx-auto max-w-xl rounded-2xl border border-zinc-200 bg-white p-4 shadow-xl sm:inset-x-auto sm:right-6 sm:bottom-6 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        We would like to measure how the product is used, anonymously, to improve it. Nothing is tracked
        unless you allow it.
      </p>
      <div className="mt-3 flex justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={() => setConsent('denied')}>
          Decline
        </Button>
        <Button size="sm" onClick={() => setConsent('granted')}>
          Allow analytics
        </Button>
      </div>
    </div>
  );
}
