import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { cachedRead, nextUtcMonth } from '../../db/read-cache';
import { invoices, workspaceSubscriptions } from '../../db/schema/billing';
import { workspaceUsage } from '../../db/schema/usage';
import { userProfiles } from '../../db/schema/user-profiles';
import { workspaces } from '../../db/schema/workspaces';
import { usageAsOfNow } from '../usage/usage-period';
import type { SubscriptionRow } from './billing.repo';
import type { InvoiceRow } from './invoices.repo';

/** What the subscription response is built from, as of now. */
export type SubscriptionSnapshot = {
  workspace: { id: string; tier: string; maxSeats: number; ownerId: string | null };
  /** Null until the workspace's billing row exists. */
  sub: SubscriptionRow | null;
  /** Null until the workspace's quota row exists; a period that has ended reads as reset. */
  usage: UsageSnapshot | null;
  open: InvoiceRow[];
  extension: { allowed: boolean; max: number | null };
  /** Custom voices of the workspace and its voice adds/edits this calendar month (UTC). */
  voices: { slotsUsed: number; addEdits: number; professionalUsed: number; extraPvcSlots: number };
};

export type UsageSnapshot = {
  characterCount: number;
  characterLimit: number;
  nextCharacterCountResetAt: Date;
  concurrencyLimit: number | null;
};

function snapshotQuery(db: AppDb) {
  const u = workspaceUsage;
  return db
    .select({
      workspace: {
        id: workspaces.id,
        tier: workspaces.subscriptionTier,
        maxSeats: workspaces.maxSeats,
        ownerId: workspaces.ownerId,
      },
      sub: workspaceSubscriptions,
      usage: {
        characterLimit: u.characterLimit,
        characterCount: usageAsOfNow.characterCount,
        nextCharacterCountResetAt: usageAsOfNow.nextCharacterCountResetAt,
        concurrencyLimit: u.concurrencyLimit,
      },
      allowed: userProfiles.allowedToExtendCharacterLimit,
      max: userProfiles.maxCharacterLimitExtension,
      invoice: invoices,
      voiceSlotsUsed: sql<number>`(select count(*)::int from voices v where v.workspace_id = ${workspaces.id})`,
      professionalUsed: sql<number>`(select count(*)::int from voices v where v.workspace_id = ${workspaces.id} and v.category = 'professional')`,
      extraPvcSlots: workspaces.extraPvcSlots,
      voiceAddEdits: sql<number>`(select count(*)::int from voice_add_edits e where e.workspace_id = ${workspaces.id}
        and e.created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC')`,
    })
    .from(workspaces)
    .leftJoin(workspaceSubscriptions, eq(workspaceSubscriptions.workspaceId, workspaces.id))
    .leftJoin(u, eq(u.workspaceId, workspaces.id))
    .leftJoin(userProfiles, eq(userProfiles.userId, workspaces.ownerId))
    .leftJoin(invoices, and(eq(invoices.workspaceId, workspaces.id), eq(invoices.status, 'open')))
    .where(eq(workspaces.id, sql.placeholder('workspaceId')))
    .orderBy(desc(invoices.createdAt))
    .prepare('subscription_snapshot');
}

// Built once per database handle (SQL text made once, planned once per connection).
const prepared = new WeakMap<AppDb, ReturnType<typeof snapshotQuery>>();

/**
 * The workspace, its billing row, its quota (with a due monthly reset applied in the read, not written), its
 * open invoices and the owner's extension settings, in one statement without locks (decision 033). One row
 * per open invoice (one row when there are none).
 */
export async function subscriptionSnapshot(
  db: AppDb,
  workspaceId: string,
): Promise<SubscriptionSnapshot | undefined> {
  // Kept in memory until any of its tables changes (decision 043), and never past the quota reset the read
  // applied or the month boundary the add/edit count starts from.
  return cachedRead(
    db,
    `subscription:${workspaceId}`,
    async () => {
      let query = prepared.get(db);
      if (!query) prepared.set(db, (query = snapshotQuery(db)));
      const rows = await query.execute({ workspaceId });
      const [first] = rows;
      if (!first) return undefined;
      return {
        workspace: first.workspace,
        sub: first.sub,
        // Without a quota row the left join gives nulls (the count expression then reads 0).
        usage: (first.usage as UsageSnapshot | null)?.nextCharacterCountResetAt ? first.usage : null,
        open: rows.flatMap((r) => (r.invoice ? [r.invoice] : [])),
        extension: { allowed: first.allowed ?? false, max: first.max ?? null },
        voices: {
          slotsUsed: Number(first.voiceSlotsUsed ?? 0),
          addEdits: Number(first.voiceAddEdits ?? 0),
          professionalUsed: Number(first.professionalUsed ?? 0),
          extraPvcSlots: first.extraPvcSlots ?? 0,
        },
      };
    },
    (snap) => Math.min(nextUtcMonth(), snap.usage?.nextCharacterCountResetAt.getTime() ?? Infinity),
  );
}

/** Creates the workspace's billing row with its defaults if it has none yet. */
export async function ensureSubscriptionRow(db: AppDb, workspaceId: string): Promise<void> {
  await db.insert(workspaceSubscriptions).values({ workspaceId }).onConflictDoNothing();
}
