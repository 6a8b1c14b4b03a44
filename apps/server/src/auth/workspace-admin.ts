import { canInWorkspace } from '@vocalis/domain/workspace/workspace-permissions';
import { forbidden, notFound } from '../errors';
import type { CallerWorkspace } from './session-principal.repo';

/** The caller as the auth hook resolved it: who, and their current workspace with their role in it. */
export type WorkspaceCaller = { userId: string; workspace?: Pick<CallerWorkspace, 'id' | 'role'> | null };

/**
 * Whether the caller may administer their current workspace (webhooks, service accounts, …): the one
 * workspace permission check (decision 110) on the role read with the credentials (a locked membership
 * is never the current workspace: session-principal.repo.ts).
 */
export function mayAdministerWorkspace(caller: WorkspaceCaller): boolean {
  return caller.workspace
    ? canInWorkspace({ role: caller.workspace.role, isOwner: false }, 'administer')
    : false;
}

/** The id of the caller's current workspace when they may administer it; 404 without one, 403 otherwise. */
export function administeredWorkspaceId(caller: WorkspaceCaller): string {
  if (!caller.workspace) throw notFound('Workspace not found.', 'workspace_not_found');
  if (!mayAdministerWorkspace(caller)) {
    throw forbidden('Only workspace admins can do this.', 'workspace_admin_required');
  }
  return caller.workspace.id;
}

/** The id of the caller's current workspace (any role); 404 without one. */
export function currentWorkspaceId(caller: WorkspaceCaller): string {
  if (!caller.workspace) throw notFound('Workspace not found.', 'workspace_not_found');
  return caller.workspace.id;
}
