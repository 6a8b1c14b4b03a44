import type { SecuritySettings } from '@vocalis/contracts/workspace';
import { canInWorkspace, WORKSPACE_MESSAGES } from '@vocalis/domain/workspace/workspace-permissions';
import { eq } from 'drizzle-orm';
import { forgetPrincipals } from '../../auth/principal-cache';
import type { AppDb } from '../../db/client';
import { workspaces } from '../../db/schema/workspaces';
import { notFound } from '../../errors';
import { recordAudit, type AuditOrigin } from './audit';
import { requireAction, type WorkspaceCaller } from './workspace-access';
import * as repo from './workspace.repo';

type SecurityPatch = {
  email_password_sign_in_disabled?: boolean;
  disallowed_social_providers?: string[];
  session_inactivity_timeout?: number | null;
  training_opt_out?: boolean;
};

/**
 * The workspace's security settings (accounts.md §4, §6; content-and-workspace.md §6): allowed sign-in
 * methods, session_inactivity_timeout, training opt-out. Everyone reads them; only admins change them.
 * Sign-in enforces the stored methods (auth/sign-in-policy.ts); sessions the timeout (session-principal).
 */
export class SecurityService {
  constructor(private readonly db: AppDb) {}

  async get(caller: WorkspaceCaller): Promise<SecuritySettings> {
    requireAction(caller, 'read');
    const ws = await repo.findWorkspace(this.db, caller.workspaceId);
    if (!ws) throw notFound('Workspace not found.', 'workspace_not_found');
    return {
      email_password_sign_in_disabled: ws.emailPasswordSignInDisabled,
      disallowed_social_providers: ws.disallowedSocialProviders,
      session_inactivity_timeout: ws.sessionInactivityTimeout,
      training_opt_out: ws.trainingOptOut,
      can_change: canInWorkspace(caller, 'administer'),
    };
  }

  async update(
    caller: WorkspaceCaller,
    patch: SecurityPatch,
    origin: AuditOrigin,
  ): Promise<SecuritySettings> {
    requireAction(caller, 'administer', WORKSPACE_MESSAGES.adminsOnlySetting);
    const now = new Date();
    const set: Partial<typeof workspaces.$inferInsert> = { updatedAt: now };
    if (patch.email_password_sign_in_disabled !== undefined) {
      set.emailPasswordSignInDisabled = patch.email_password_sign_in_disabled;
    }
    if (patch.disallowed_social_providers !== undefined) {
      set.disallowedSocialProviders = [...new Set(patch.disallowed_social_providers)];
    }
    if (patch.session_inactivity_timeout !== undefined)
      set.sessionInactivityTimeout = patch.session_inactivity_timeout;
    if (patch.training_opt_out !== undefined) {
      set.trainingOptOut = patch.training_opt_out;
      set.trainingOptOutAt = now;
    }
    const email = (await repo.userEmail(this.db, caller.userId))?.email ?? null;
    await this.db.transaction(async (t) => {
      const tx = t as unknown as AppDb;
      await tx.update(workspaces).set(set).where(eq(workspaces.id, caller.workspaceId));
      await recordAudit(tx, {
        workspaceId: caller.workspaceId,
        actor: { userId: caller.userId, email },
        activity: 'security_settings_updated',
        className: 'workspace_settings',
        message: `Security settings changed: ${Object.keys(patch).join(', ') || 'nothing'}.`,
        metadata: { ...patch },
        origin,
      });
    });
    // The timeout travels with every cached caller.
    forgetPrincipals();
    return this.get(caller);
  }
}
