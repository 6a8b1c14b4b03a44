import { TIER_DISPLAY_NAMES, toTier } from '@vocalis/domain/billing/tiers';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Spinner } from '@/components/ui/icons';
import { errorToastMessage } from '@/lib/error-toast';

import { useWorkspace } from '../api/workspace-api';
import { AuditLog } from '../components/audit-log';
import { WorkspacePage } from '../components/workspace-tabs';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="text-xs text-zinc-500 dark:text-zinc-400">{label}</div>
      <div className="mt-1 text-lg font-semibold text-zinc-900 dark:text-white">{value}</div>
    </div>
  );
}

/** /app/workspace: the current workspace, its plan and seats, the caller's role; admins see the audit log. */
export default function WorkspaceRoute() {
  const ws = useWorkspace();
  return (
    <WorkspacePage title="Workspace">
      <ErrorBoundary region="Workspace">
        {ws.isPending ? (
          <Spinner className="size-5" />
        ) : ws.isError ? (
          <p role="alert" className="text-sm text-rose-600">
            {errorToastMessage(ws.error)}
          </p>
        ) : (
          <div className="space-y-6">
            <div>
              <h3 className="text-lg font-semibold text-zinc-900 dark:text-white">{ws.data.name}</h3>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {ws.data.is_personal && ws.data.is_owner ? 'Your personal workspace. ' : ''}You are{' '}
                {ws.data.is_owner ? 'the owner and an admin' : ws.data.is_admin ? 'an admin' : 'an editor'}{' '}
                here.
              </p>
            </div>
            <div className="grid gap-3 sm:grid-cols-4">
              <Stat label="Plan" value={TIER_DISPLAY_NAMES[toTier(ws.data.subscription.tier)]} />
              <Stat
                label="Seats"
                value={`${ws.data.seats.members + ws.data.seats.pending_invites} / ${ws.data.seats.limit}`}
              />
              <Stat label="Members" value={String(ws.data.seats.members)} />
              <Stat label="Pending invites" value={String(ws.data.seats.pending_invites)} />
            </div>
            {ws.data.is_admin ? (
              <section className="space-y-3">
                <h3 className="text-base font-semibold text-zinc-900 dark:text-white">Audit log</h3>
                <AuditLog />
              </section>
            ) : null}
          </div>
        )}
      </ErrorBoundary>
    </WorkspacePage>
  );
}
