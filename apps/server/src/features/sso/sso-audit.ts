import type { AppDb } from '../../db/client';
import { recordAudit, type AuditOrigin } from '../workspace/audit';
import type { WorkspaceCaller } from '../workspace/workspace-access';
import * as workspaceRepo from '../workspace/workspace.repo';

/** One SSO administration audit entry (class `workspace_sso`), written on `db` (the change's transaction). */
export async function auditSso(
  main: AppDb,
  db: AppDb,
  caller: WorkspaceCaller,
  origin: AuditOrigin,
  activity: string,
  message: string,
  metadata: Record<string, unknown>,
  email?: string | null,
) {
  // Read before any transaction: on PGlite (one connection) a read outside it would wait for it.
  email ??= (await workspaceRepo.userEmail(main, caller.userId))?.email ?? null;
  await recordAudit(db, {
    workspaceId: caller.workspaceId,
    actor: { userId: caller.userId, email },
    activity,
    className: 'workspace_sso',
    message,
    metadata,
    origin,
  });
}

/** The change and its audit entry in one transaction. */
export async function auditedChange(
  db: AppDb,
  caller: WorkspaceCaller,
  origin: AuditOrigin,
  activity: string,
  message: string,
  metadata: Record<string, unknown>,
  change: (tx: AppDb) => Promise<unknown>,
) {
  const email = (await workspaceRepo.userEmail(db, caller.userId))?.email ?? null;
  await db.transaction(async (t) => {
    const tx = t as unknown as AppDb;
    await change(tx);
    await auditSso(db, tx, caller, origin, activity, message, metadata, email);
  });
}
