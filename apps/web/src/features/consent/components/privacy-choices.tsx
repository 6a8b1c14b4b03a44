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
import { TrainingOptOutSetting } from './training-opt-out';

/** The analytics consent in force: the visitor's choice, else the regional default. */
export function useAnalyticsConsent(): [AnalyticsConsent, (consent: AnalyticsConsent) => void] {
  const { data } = useCurrentUser();
  const initial = initialAnalyticsConsent(parseGeoLocation(data?.geo_location).country);
  const [chosen, setChosen] = useState<AnalyticsConsent | null>(() => readAnalyticsConsent());
  const set = (consent: AnalyticsConsent) => {
    writeAnalyticsConsent(consent);
    setChosen(consent);
  };
  return [chosen ?? initial, set];
}

/** A Global Privacy Control signal opts the user out once, in the browser and on the account. */
export function GpcOptOut() {
  const queryClient = useQueryClient();
  const { data } = useCurrentUser();
  const userId = data?.user_id;
  const stored = data?.ccpa_opt_out;
  useEffect(() => {
    if (!userId || !hasGpcSignal()) return;
    if (!readCcpaOptOut()) writeCcpaOptOut(true);
    if (stored === false) {
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
        toast.success(
          next
            ? 'You have opted out of the sale and sharing of your data.'
            : 'Your privacy choice was updated.',
        );
      })
      .catch((error: unknown) => showErrorToast(error))
      .finally(() => setSaving(false));
  };

  return (
    <section className="space-y-5 rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800">
      <h3 className="text-lg font-semibold text-zinc-900 dark:text-white">Privacy</h3>
      <TrainingOptOutSetting />
      {ccpa ? (
        <div className="flex flex-col gap-3 border-t border-zinc-200 pt-5 sm:flex-row sm:items-center sm:justify-between dark:border-zinc-800">
          <div>
            <p className="text-sm font-medium text-zinc-900 dark:text-white">
              Do not sell or share my personal information
            </p>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {gpc
                ? 'Your browser sends a Global Privacy Control signal, so you are opted out.'
                : optedOut
                  ? 'You are opted out.'
                  : 'US state privacy laws let you opt out of the sale and sharing of your data.'}
            </p>
          </div>
          {gpc ? null : (
            <Button variant="secondary" disabled={saving} onClick={() => changeCcpa(!optedOut)}>
              {optedOut ? 'Opt back in' : 'Opt out'}
            </Button>
          )}
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
