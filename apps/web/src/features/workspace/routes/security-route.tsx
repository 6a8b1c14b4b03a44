import type { SecuritySettings } from '@vocalis/contracts/workspace';
import { WORKSPACE_MESSAGES } from '@vocalis/domain/workspace/workspace-permissions';
import { useState, type ReactNode } from 'react';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast/toast-store';
import { Tooltip } from '@/components/ui/tooltip';
import { errorToastMessage } from '@/lib/error-toast';

import { useSecurity, useUpdateSecurity } from '../api/workspace-api';
import { IdentityProviders } from '../components/identity-providers';
import { WorkspacePage } from '../components/workspace-tabs';

const PROVIDERS = [
  ['google', 'Google'],
  ['github', 'GitHub'],
  ['apple', 'Apple'],
] as const;
const TIMEOUTS = [
  [null, 'Never'],
  [900, '15 minutes'],
  [3600, '1 hour'],
  [28_800, '8 hours'],
  [86_400, '1 day'],
] as const;

/** A control that admins use; others see it disabled with the spec's tooltip. */
function AdminOnly({ canChange, children }: { canChange: boolean; children: ReactNode }) {
  if (canChange) return <>{children}</>;
  return (
    <Tooltip content={WORKSPACE_MESSAGES.adminsOnlySetting}>
      <span tabIndex={0} className="inline-block">
        {children}
      </span>
    </Tooltip>
  );
}

function Row({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <div className="text-sm font-medium text-zinc-900 dark:text-white">{title}</div>
        <div className="text-xs text-zinc-500 dark:text-zinc-400">{hint}</div>
      </div>
      {children}
    </div>
  );
}

function SecurityForm({ settings }: { settings: SecuritySettings }) {
  const update = useUpdateSecurity();
  const [optOut, setOptOut] = useState(settings.training_opt_out);
  const can = settings.can_change;
  const save = (patch: Parameters<typeof update.mutate>[0], success = 'Security settings updated.') =>
    update.mutate(patch, {
      onSuccess: () => toast.success(success),
      onError: (err) => toast.error(errorToastMessage(err)),
    });
  const toggleProvider = (id: string, allowed: boolean) =>
    save({
      disallowed_social_providers: allowed
        ? settings.disallowed_social_providers.filter((p) => p !== id)
        : [...settings.disallowed_social_providers, id],
    });

  return (
    <div className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 px-4 dark:divide-zinc-800 dark:border-zinc-800">
      <Row title="Email and password" hint="Members may sign in with their email address and password.">
        <AdminOnly canChange={can}>
          <input
            type="checkbox"
            aria-label="Allow email and password sign-in"
            className="size-4"
            disabled={!can || update.isPending}
            checked={!settings.email_password_sign_in_disabled}
            onChange={(e) => save({ email_password_sign_in_disabled: !e.target.checked })}
          />
        </AdminOnly>
      </Row>
      {PROVIDERS.map(([id, name]) => (
        <Row key={id} title={`Sign in with ${name}`} hint={`Members may sign in with their ${name} account.`}>
          <AdminOnly canChange={can}>
            <input
              type="checkbox"
              aria-label={`Allow sign-in with ${name}`}
              className="size-4"
              disabled={!can || update.isPending}
              checked={!settings.disallowed_social_providers.includes(id)}
              onChange={(e) => toggleProvider(id, e.target.checked)}
            />
          </AdminOnly>
        </Row>
      ))}
      <Row title="Session inactivity timeout" hint="Idle sessions are signed out after this time.">
        <AdminOnly canChange={can}>
          <select
            aria-label="Session inactivity timeout"
            className="h-9 rounded-lg border border-zinc-200 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            disabled={!can || update.isPending}
            value={String(settings.session_inactivity_timeout ?? '')}
            onChange={(e) =>
              save({ session_inactivity_timeout: e.target.value ? Number(e.target.value) : null })
            }
          >
            {TIMEOUTS.map(([v, label]) => (
              <option key={label} value={v ?? ''}>
                {label}
              </option>
            ))}
            {settings.session_inactivity_timeout !== null &&
            !TIMEOUTS.some(([v]) => v === settings.session_inactivity_timeout) ? (
              <option value={settings.session_inactivity_timeout}>
                {settings.session_inactivity_timeout} seconds
              </option>
            ) : null}
          </select>
        </AdminOnly>
      </Row>
      <Row title="Opt out of training" hint="Content of this workspace is not used to improve the models.">
        <div className="flex items-center gap-3">
          <AdminOnly canChange={can}>
            <input
              type="checkbox"
              aria-label="Opt out of training"
              className="size-4"
              disabled={!can}
              checked={optOut}
              onChange={(e) => setOptOut(e.target.checked)}
            />
          </AdminOnly>
          <Button
            size="sm"
            variant="secondary"
            disabled={!can || optOut === settings.training_opt_out || update.isPending}
            onClick={() => save({ training_opt_out: optOut }, WORKSPACE_MESSAGES.trainingOptOutUpdated)}
          >
            Save
          </Button>
        </div>
      </Row>
    </div>
  );
}

/** /app/workspace/security: sign-in methods, inactivity timeout, training opt-out, single sign-on (admins change them). */
export default function SecurityRoute() {
  const settings = useSecurity();
  return (
    <WorkspacePage title="Security">
      <ErrorBoundary region="Security">
        {settings.isPending ? (
          <Spinner className="size-5" />
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-rose-600">
            {errorToastMessage(settings.error)}
          </p>
        ) : (
          <div className="space-y-3">
            {!settings.data.can_change ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {WORKSPACE_MESSAGES.adminsOnlySetting}
              </p>
            ) : null}
            <SecurityForm settings={settings.data} />
            <IdentityProviders canChange={settings.data.can_change} />
          </div>
        )}
      </ErrorBoundary>
    </WorkspacePage>
  );
}
