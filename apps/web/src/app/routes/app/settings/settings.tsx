import { ErrorBoundary } from '@/components/errors/error-boundary';
import { PrivacyChoices } from '@/features/consent/components/privacy-choices';
import { DangerZone } from '@/features/settings/components/danger-zone';
import { EarlyAccessSection } from '@/features/settings/components/early-access-section';
import { NotificationsSection } from '@/features/settings/components/notifications-section';
import { ProfileSection } from '@/features/settings/components/profile-section';
import { SecuritySection } from '@/features/settings/components/security-section';

/** /app/settings (and ?dialog=add-2fa): profile, security, notifications, privacy, early access, and the danger zone last. */
export default function SettingsRoute() {
  return (
    <div className="max-w-3xl space-y-6">
      <h2 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-white">Settings</h2>
      <ErrorBoundary region="profile">
        <ProfileSection />
      </ErrorBoundary>
      <ErrorBoundary region="security">
        <SecuritySection />
      </ErrorBoundary>
      <ErrorBoundary region="notifications">
        <NotificationsSection />
      </ErrorBoundary>
      <ErrorBoundary region="privacy">
        <PrivacyChoices />
      </ErrorBoundary>
      <ErrorBoundary region="alpha-access">
        <EarlyAccessSection />
      </ErrorBoundary>
      <ErrorBoundary region="danger-zone">
        <DangerZone />
      </ErrorBoundary>
    </div>
  );
}
