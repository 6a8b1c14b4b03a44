import { UserAnalyticsConsentBanner } from './analytics-consent-banner';
import { BipaTermsModal } from './bipa-terms-modal';
import { LocationRegistrar } from './location-registrar';
import { CcpaOptOutSync } from './privacy-choices';
import { TrainingOptOutFromUrl } from './training-opt-out';

/** Everything consent-related the signed-in shell mounts once. */
export function ConsentShell() {
  return (
    <>
      <LocationRegistrar />
      <CcpaOptOutSync />
      <BipaTermsModal />
      <TrainingOptOutFromUrl />
      <UserAnalyticsConsentBanner />
    </>
  );
}
