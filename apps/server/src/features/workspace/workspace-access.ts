import {
  canInWorkspace,
  WORKSPACE_MESSAGES,
  type WorkspaceAction,
} from '@vocalis/domain/workspace/workspace-permissions';
import { forbidden, notFound } from '../../errors';
import type { Principal } from '../../plugins/auth';

/** The caller in their current workspace, as every workspace call checks it. */
export type WorkspaceCaller = {
  userId: string;
  workspaceId: string;
  role: string;
  isOwner: boolean;
};

/** The caller's current workspace (read with the credentials), or a 404 for a user without one. */
export function workspaceCaller(principal: Principal): WorkspaceCaller {
  const ws = principal.workspace;
  if (!ws) throw notFound('You do not belong to a workspace.', 'workspace_not_found');
  return {
    userId: principal.userId,
    workspaceId: ws.id,
    role: ws.role,
    isOwner: ws.ownerId === principal.userId,
  };
}

/** Throws 403 unless the caller may do `action` (the one check of packages/domain, decision 110). */
export function requireAction(caller: WorkspaceCaller, action: WorkspaceAction, message?: string): void {
  if (canInWorkspace(caller, action)) return;
  const text =
    message ??
    (action === 'transfer_ownership'
      ? WORKSPACE_MESSAGES.ownerOnly
      : action === 'leave'
        ? WORKSPACE_MESSAGES.ownerCannotLeave
        : WORKSPACE_MESSAGES.adminsOnly);
  throw forbidden(text, action === 'administer' ? 'not_workspace_admin' : 'workspace_action_forbidden');
}
