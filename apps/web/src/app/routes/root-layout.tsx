import { useEffect } from 'react';
import { Outlet } from 'react-router';

import { Toaster } from '@/components/ui/toast/toaster';
import { VisitorPrivacy } from '@/features/consent/components/visitor-privacy';
import { captureAttribution } from '@/lib/attribution';

/** Outermost route: every page plus the toast stack, which needs the location for its placement. */
export default function RootLayout() {
  // Referral and paid-ad parameters of the landing URL (accounts.md §4), whatever the first page is.
  useEffect(() => captureAttribution(), []);
  return (
    <>
      <Outlet />
      {/* Privacy choices outside the signed-in app (accounts.md §5). */}
      <VisitorPrivacy />
      <Toaster />
    </>
  );
}
