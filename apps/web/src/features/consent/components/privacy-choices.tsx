import { useQueryClient } from '@tanstack/react-query';
import {
  ccpaOptOutApplies,
  initialAnalyticsConsent,
  parseGeoLocation,
  type AnalyticsConsent,
} from '@vocalis/domain/consent';
import { useEffect, useState } from 'react';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast/toast-store';
import { setCurrentUser, useCurrentUser } from '@/lib/current-user';
import { showErrorToast } from '@/lib/error-toast';

import { saveCcpaOptOut } from '../api/consent-calls';

import {
  hasGpcSignal,
  readAnalyticsConsent,
  readCcpaOptOut,
  writeAnalyticsConsent,
  writeCcpaOptOut,
} from './privacy-storage';
import { CCPA_OPTED_OUT, CCPA_UPDATED, CcpaOptOutRow } from './ccpa-opt-out-row';
import { TrainingOptOutSetting } from './training-opt-out';

/** The analytics consent in force in a country: the visitor's choice, else the regional default. */
export function useAnalyticsConsentIn(
  country: string | null,
): [AnalyticsConsent, (consent: AnalyticsConsent) => void] {
  const initial = initialAnalyticsConsent(country);
  const [chosen, setChosen] = useState<AnalyticsConsent | null>(() => readAnalyticsConsent());
  const set = (consent: AnalyticsConsent) => {
    writeAnalyticsConsent(consent);
    setChosen(consent);
  };
  return [chosen ?? initial, set];
}

/** The signed-in user's analytics consent (their registered location decides the default). */
export function useAnalyticsConsent(): [AnalyticsConsent, (consent: AnalyticsConsent) => void] {
  const { data } = useCurrentUser();
  return useAnalyticsConsentIn(parseGeoLocation(data?.geo_location).country);
}

/**
 * Carries the browser's opt-out to the account once signed in: a Global Privacy Control signal, or the
 * choice made here as a visitor (browser storage and cookie).
 */
export function CcpaOptOutSync() {
  const queryClient = useQueryClient();
  const { data } = useCurrentUser();
  const userId = data?.user_id;
  const stored = data?.ccpa_opt_out;
  useEffect(() => {
    if (!userId) return;
    const gpc = hasGpcSignal();
    if (gpc && !readCcpaOptOut()) writeCcpaOptOut(true);
    if ((gpc || readCcpaOptOut()) && stored === false) {
      saveCcpaOptOut(true)
        .then((user) => setCurrentUser(queryClient, user))
        .catch(() => undefined);
    }
  }, [userId, stored, queryClient]);
  return null;
}

/** Settings → Privacy: training opt-out, the CCPA opt-out where it applies, analytics consent. */
export function PrivacyChoices() {
  const queryClient = useQueryClient();
  const { data } = useCurrentUser();
  const gpc = hasGpcSignal();
  const [optedOut, setOptedOut] = useState(() => readCcpaOptOut() || data?.ccpa_opt_out === true);
  const [analytics, setAnalytics] = useAnalyticsConsent();
  const [saving, setSaving] = useState(false);
  const ccpa = data ? ccpaOptOutApplies({ geo_location: data.geo_location, gpc }) : false;

  const changeCcpa = (next: boolean) => {
    setSaving(true);
    writeCcpaOptOut(next);
    setOptedOut(next);
    saveCcpaOptOut(next)
      .then((user) => {
        setCurrentUser(queryClient, user);
        toast.success(next ? CCPA_OPTED_OUT : CCPA_UPDATED);
      })
      .catch((error: unknown) => showErrorToast(error))
      .finally(() => setSaving(false));
  };

  return (
    <section className="space-y-5 rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800">
      <h3 className="text-lg font-semibold text-zinc-900 dark:text-white">Privacy</h3>
      <TrainingOptOutSetting />
      {ccpa ? (
        <div className="border-t border-zinc-200 pt-5 dark:border-zinc-800">
          <CcpaOptOutRow gpc={gpc} optedOut={optedOut} saving={saving} onChange={changeCcpa} />
        </div>
      ) : null}
      <div className="flex flex-col gap-3 border-t border-zinc-200 pt-5 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
        <div>
          <p className="text-sm font-medium text-zinc-900 dark:text-white">Product analytics</p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {analytics === 'granted'
              ? 'You allow anonymous usage analytics.'
              : analytics === 'not_applicable'
                ? 'Anonymous usage analytics are on.'
                : 'Anonymous usage analytics are off.'}
          </p>
        </div>
        <Button
          variant="secondary"
          onClick={() =>
            setAnalytics(analytics === 'granted' || analytics === 'not_applicable' ? 'denied' : 'granted')
          }
        >
          {analytics === 'granted' || analytics === 'not_applicable' ? 'Turn off' : 'Allow'}
        </Button>
      </div>
    </section>
  );
}
