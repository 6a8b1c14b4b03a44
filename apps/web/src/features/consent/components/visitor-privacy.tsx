import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';

import { CloseIcon } from '@/components/ui/icons';
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

// Closing the card leaves a small link to it for the rest of the browser session.
const COLLAPSED_KEY = 'privacy_choices_closed';

function sessionFlag(): boolean {
  try {
    return window.sessionStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

function VisitorPrivacyChoices() {
  const { data } = useVisitorPrivacy();
  const gpc = hasGpcSignal() || data?.gpc === true;
  const [optedOut, setOptedOut] = useState(() => readCcpaOptOut());
  const [closed, setClosed] = useState(sessionFlag);
  const close = (value: boolean) => {
    setClosed(value);
    try {
      window.sessionStorage.setItem(COLLAPSED_KEY, String(value));
    } catch {
      // Not kept: the card shows again on the next page load.
    }
  };

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
      {(gpc || data?.ccpa_opt_out_applies) && closed ? (
        <button
          type="button"
          onClick={() => close(false)}
          className="fixed bottom-3 left-3 z-[60] rounded-full border border-zinc-200 bg-white/95 px-3 py-1.5 text-xs font-medium text-zinc-700 shadow-md backdrop-blur hover:text-zinc-900 sm:bottom-6 sm:left-6 dark:border-zinc-800 dark:bg-zinc-900/95 dark:text-zinc-300 dark:hover:text-white"
        >
          Your privacy choices
        </button>
      ) : null}
      {(gpc || data?.ccpa_opt_out_applies) && !closed ? (
        <section
          aria-label="Privacy choices"
          className="fixed inset-x-3 bottom-3 z-[60] flex items-start gap-2 rounded-2xl border border-zinc-200 bg-white/95 p-4 shadow-lg backdrop-blur sm:right-auto sm:bottom-6 sm:left-6 sm:max-w-md dark:border-zinc-800 dark:bg-zinc-900/95"
        >
          <div className="min-w-0 flex-1">
            <CcpaOptOutRow gpc={gpc} optedOut={optedOut} onChange={change} />
          </div>
          <button
            type="button"
            aria-label="Close privacy choices"
            onClick={() => close(true)}
            className="-mt-1 -mr-1 rounded-md p-1 text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
          >
            <CloseIcon className="size-4" />
          </button>
        </section>
      ) : null}
      {data ? <AnalyticsConsentBanner country={data.location.country} /> : null}
    </>
  );
}
