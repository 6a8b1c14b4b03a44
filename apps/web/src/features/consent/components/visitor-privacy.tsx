import { useEffect, useRef, useState } from 'react';
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
  // Keyboard users land on the control that replaced the one they pressed (the card or the link).
  const moveFocus = useRef(false);
  const focusTarget = useRef<HTMLButtonElement>(null);
  const close = (value: boolean) => {
    moveFocus.current = true;
    setClosed(value);
    try {
      window.sessionStorage.setItem(COLLAPSED_KEY, String(value));
    } catch {
      // Not kept: the card shows again on the next page load.
    }
  };
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    focusTarget.current?.focus();
  }, [closed]);

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

  const applies = gpc || data?.ccpa_opt_out_applies === true;
  // Phones: the card and the closed link follow the page (they never cover its form or footer) and the
  // analytics banner sticks to the bottom edge above its own place at the end of the page, so scrolling
  // uncovers everything. From sm up both float in one bottom row, side by side.
  return (
    <div className="contents sm:pointer-events-none sm:fixed sm:inset-x-6 sm:bottom-6 sm:z-[60] sm:flex sm:items-end sm:gap-4">
      {applies && closed ? (
        <button
          ref={focusTarget}
          type="button"
          onClick={() => close(false)}
          className="pointer-events-auto mx-3 mb-3 block w-fit rounded-full border border-zinc-200 bg-white/95 px-3 py-1.5 text-xs font-medium text-zinc-700 shadow-md backdrop-blur hover:text-zinc-900 sm:m-0 dark:border-zinc-800 dark:bg-zinc-900/95 dark:text-zinc-300 dark:hover:text-white"
        >
          Your privacy choices
        </button>
      ) : null}
      {applies && !closed ? (
        <section
          aria-label="Privacy choices"
          className="pointer-events-auto relative mx-3 mb-3 flex items-start gap-2 rounded-2xl border border-zinc-200 bg-white/95 p-4 shadow-lg backdrop-blur sm:m-0 sm:max-w-md sm:flex-1 dark:border-zinc-800 dark:bg-zinc-900/95"
        >
          <div className="min-w-0 flex-1">
            <CcpaOptOutRow gpc={gpc} optedOut={optedOut} onChange={change} />
          </div>
          <button
            ref={focusTarget}
            type="button"
            aria-label="Close privacy choices"
            onClick={() => close(true)}
            className="-mt-1 -mr-1 rounded-md p-1 text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700 dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
          >
            <CloseIcon className="size-4" />
          </button>
        </section>
      ) : null}
      {data ? <AnalyticsConsentBanner country={data.location.country} docked /> : null}
    </div>
  );
}
