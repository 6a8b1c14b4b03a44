import { parseGeoLocation } from '@vocalis/domain/consent';
import clsx from 'clsx';

import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/lib/current-user';

import { useAnalyticsConsentIn } from './privacy-choices';

/** The banner for a signed-in user: their registered location decides. */
export function UserAnalyticsConsentBanner() {
  const { data } = useCurrentUser();
  return <AnalyticsConsentBanner country={parseGeoLocation(data?.geo_location).country} />;
}

/**
 * Asks for analytics consent in the listed European regions until the visitor decides (tracking stays off
 * meanwhile). On its own it floats at the bottom; `docked` leaves the placement to the visitor's privacy
 * row (sticky at the bottom of the page on phones, beside the privacy card from sm up).
 */
export function AnalyticsConsentBanner({
  country,
  docked = false,
}: {
  country: string | null;
  docked?: boolean;
}) {
  const [consent, setConsent] = useAnalyticsConsentIn(country);
  if (consent !== 'undecided') return null;
  return (
    <div
      role="region"
      aria-label="Analytics consent"
      className={clsx(
        'z-[70] rounded-2xl border border-zinc-200 bg-white p-4 shadow-xl dark:border-zinc-800 dark:bg-zinc-900',
        docked
          ? 'pointer-events-auto sticky bottom-3 mx-3 mb-3 sm:static sm:m-0 sm:ml-auto sm:max-w-xl sm:flex-1'
          : 'fixed inset-x-3 bottom-3 mx-auto max-w-xl sm:inset-x-auto sm:right-6 sm:bottom-6',
      )}
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
