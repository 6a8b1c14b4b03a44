import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

import { toast } from '@/components/ui/toast/toast-store';

import { useVisitorPrivacy } from '../api/consent-calls';

import { AnalyticsConsentBanner } from './analytics-consent-banner';
import { CCPA_OPTED_OUT, CCPA_UPDATED, CcpaOptOutRow } from './ccpa-opt-out-row';
import { hasGpcSignal, readCcpaOptOut, writeCcpaOptOut } from './privacy-storage';

/**
 * Privacy choices for visitors who are not in the signed-in app (sign-in, sign-up, shared pages): the
 * CCPA opt-out in the listed US states or with a Global Privacy Control signal (the browser's or the
 * Sec-GPC header the server saw), and the analytics consent in the listed European regions. The location
 * is the server's lookup of this request. The signed-in shell has its own (ConsentShell).
 */
export function VisitorPrivacy() {
  const { pathname } = useLocation();
  if (pathname === '/app' || pathname.startsWith('/app/')) return null;
  return <VisitorPrivacyChoices />;
}

function VisitorPrivacyChoices() {
  const { data } = useVisitorPrivacy();
  const gpc = hasGpcSignal() || data?.gpc === true;
  const [optedOut, setOptedOut] = useState(() => readCcpaOptOut());

  // A Global Privacy Control signal is an opt-out: stored at once, in browser storage and the cookie.
  useEffect(() => {
    if (gpc && !readCcpaOptOut()) {
      writeCcpaOptOut(true);
      setOptedOut(true);
    }
  }, [gpc]);

  const change = (next: boolean) => {
    writeCcpaOptOut(next);
    setOptedOut(next);
    toast.success(next ? CCPA_OPTED_OUT : CCPA_UPDATED);
  };

  return (
    <>
      {gpc || data?.ccpa_opt_out_applies ? (
        <section
          aria-label="Privacy choices"
          className="fixed inset-x-3 bottom-3 z-[60] rounded-2xl border border-zinc-200 bg-white/95 p-4 shadow-lg backdrop-blur sm:right-auto sm:left-6 sm:bottom-6 sm:max-w-md dark:border-zinc-800 dark:bg-zinc-900/95"
        >
          <CcpaOptOutRow gpc={gpc} optedOut={optedOut} onChange={change} />
        </section>
      ) : null}
      {data ? <AnalyticsConsentBanner country={data.location.country} /> : null}
    </>
  );
}
