import { Navigate, Outlet, useLocation } from 'react-router';

import { DashboardLayout } from '@/components/layouts/dashboard-layout';
import { AccountCodesShell } from '@/features/account-codes/components/account-codes-shell';
import { ConsentShell } from '@/features/consent/components/consent-shell';
import { DesignVoiceDialogHost } from '@/features/voice-design/components/design-voice-dialog';
import { AttributionSync } from '@/features/onboarding/components/attribution-sync';
import { ChecklistToaster } from '@/features/onboarding/components/checklist-toaster';
import { OnboardingGate } from '@/features/onboarding/components/onboarding-gate';
import { VoiceSafetyShell } from '@/features/voices/components/voice-safety-shell';
import { ShareVoiceDialog } from '@/features/voice-library/components/share-voice-dialog';
import { NotificationsBell } from '@/features/notifications/components/notifications-bell';
import { useLiveMessages } from '@/features/notifications/api/use-live-messages';
import { signInHref, useUser } from '@/lib/auth';
import { LiveProvider } from '@/lib/live';

function LiveSubscriptions() {
  useLiveMessages();
  return null;
}

/** The signed-in shell: live updates, layout, and a guard for sessions that end while the app is open. */
export default function AppRoot() {
  const user = useUser();
  const location = useLocation();

  if (user === null) return <Navigate to={signInHref(location.pathname + location.search)} replace />;

  return (
    <LiveProvider>
      <LiveSubscriptions />
      <OnboardingGate />
      <ChecklistToaster />
      <AttributionSync />
      <ConsentShell />
      <AccountCodesShell />
      <VoiceSafetyShell />
      <DesignVoiceDialogHost />
      <ShareVoiceDialog />
      <DashboardLayout headerActions={<NotificationsBell />}>
        <Outlet />
      </DashboardLayout>
    </LiveProvider>
  );
}
