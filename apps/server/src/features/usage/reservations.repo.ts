import { sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { apiKeys } from '../../db/schema/api-keys';
import { generationReservations, usageRecords, workspaceUsage } from '../../db/schema/usage';

// Generation reservations (decision 028): every statement that adds or removes a reservation moves the
// workspace's running_generations and character_count with it, in one statement, so a crash between two
// statements can never leave a debit without its reservation or a reservation without its debit.

const u = workspaceUsage;
const r = generationReservations;
// The period has ended: the count starts again from 0 and the reset moves on by whole months (so a
// workspace idle for three months resets once, to the next anniversary after now).
const due = sql`${u.nextCharacterCountResetAt} <= now()`;
const nextReset = sql`${u.nextCharacterCountResetAt} + make_interval(months => (
  extract(year from age(now(), ${u.nextCharacterCountResetAt}))::int * 12
  + extract(month from age(now(), ${u.nextCharacterCountResetAt}))::int + 1))`;

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export type Reserved = { characterCount: number; periodEnd: Date };

/**
 * Debits `n` characters and takes a concurrency slot in one statement, recording both as a reservation
 * owned by `ownerNodeId`. The usage row is created on first use; a due monthly reset happens in the same
 * statement. PostgreSQL re-checks the conditions on the latest row version after waiting for a concurrent
 * update of the row, so racing requests (in any process) can overspend neither characters nor slots.
 * Undefined when the characters do not fit or every slot is taken (`explainRefusal` says which).
 */
export async function reserve(
  db: AppDb,
  input: {
    id: string;
    workspaceId: string;
    ownerNodeId: string;
    requestId: string;
    characters: number;
    /** The tier's monthly characters, for a usage row created now. */
    tierCharacterLimit: number;
    /** Characters beyond the limit the period may reach, or null for no cap. */
    extraAllowed: number | null;
    tierConcurrency: number;
  },
): Promise<Reserved | undefined> {
  const n = input.characters;
  const extra = input.extraAllowed;
  // A usage row created now must fit too; an existing row is checked against its own limit below.
  const fitsFresh: SQL = sql`(${
    extra === null ? sql`true` : sql`${n}::bigint <= ${input.tierCharacterLimit}::bigint + ${extra}`
  } AND ${input.tierConcurrency}::int >= 1)`;
  const fits: SQL =
    extra === null
      ? sql`true`
      : sql`(CASE WHEN ${due} THEN 0 ELSE ${u.characterCount} END) + ${n}::bigint <= ${u.characterLimit}::bigint + ${extra}`;
  const result = await db.execute(sql`
    WITH debit AS (
      INSERT INTO ${u} (workspace_id, character_count, character_limit, next_character_count_reset_at, running_generations)
      SELECT ${input.workspaceId}, ${n}, ${input.tierCharacterLimit}, now() + interval '1 month', 1
      WHERE ${fitsFresh} OR EXISTS (SELECT 1 FROM ${u} WHERE ${u.workspaceId} = ${input.workspaceId})
      ON CONFLICT (workspace_id) DO UPDATE SET
        character_count = CASE WHEN ${due} THEN ${n} ELSE ${u.characterCount} + ${n} END,
        next_character_count_reset_at = CASE WHEN ${due} THEN ${nextReset} ELSE ${u.nextCharacterCountResetAt} END,
        running_generations = ${u.runningGenerations} + 1,
        updated_at = now()
      WHERE ${fits} AND ${u.runningGenerations} < coalesce(${u.concurrencyLimit}, ${input.tierConcurrency})
      RETURNING character_count, next_character_count_reset_at
    ), reserved AS (
      INSERT INTO ${r} (id, workspace_id, owner_node_id, request_id, characters, period_end)
      SELECT ${input.id}, ${input.workspaceId}, ${input.ownerNodeId}, ${input.requestId}, ${n}, next_character_count_reset_at
      FROM debit
    )
    SELECT character_count AS "characterCount", next_character_count_reset_at AS "periodEnd" FROM debit`);
  const [row] = rowsOf<{ characterCount: number; periodEnd: Date | string }>(result);
  return row ? { characterCount: Number(row.characterCount), periodEnd: new Date(row.periodEnd) } : undefined;
}

/** Why `reserve` refused: the characters left (with the allowance) and whether every slot is taken. */
export async function explainRefusal(
  db: AppDb,
  workspaceId: string,
  tierConcurrency: number,
): Promise<{ characterCount: number; characterLimit: number; busy: boolean; concurrency: number }> {
  const result = await db.execute(sql`
    SELECT CASE WHEN ${due} THEN 0 ELSE ${u.characterCount} END AS "characterCount",
      ${u.characterLimit} AS "characterLimit",
      ${u.runningGenerations} >= coalesce(${u.concurrencyLimit}, ${tierConcurrency}) AS busy,
      coalesce(${u.concurrencyLimit}, ${tierConcurrency}) AS concurrency
    FROM ${u} WHERE ${u.workspaceId} = ${workspaceId}`);
  const [row] = rowsOf<{
    characterCount: number;
    characterLimit: number;
    busy: boolean;
    concurrency: number;
  }>(result);
  return row
    ? {
        characterCount: Number(row.characterCount),
        characterLimit: Number(row.characterLimit),
        busy: row.busy,
        concurrency: Number(row.concurrency),
      }
    : { characterCount: 0, characterLimit: 0, busy: tierConcurrency < 1, concurrency: tierConcurrency };
}

/**
 * Charges the xi-api-key's own counter for a reservation and notes it on the reservation, in one
 * statement (so a refund, by this node or a reclaim, gives the key its characters back too). False when
 * the key's limit refuses, or the reservation is gone (reclaimed); the key is then not charged.
 */
export async function chargeKey(
  db: AppDb,
  reservationId: string,
  keyId: string,
  n: number,
): Promise<boolean> {
  // The reservation is locked first: a reclaim cannot refund it between the key's charge and its note.
  const result = await db.execute(sql`
    WITH held AS (SELECT ${r.id} FROM ${r} WHERE ${r.id} = ${reservationId} FOR UPDATE),
    charged AS (
      UPDATE ${apiKeys} SET character_count = ${apiKeys.characterCount} + ${n}
      WHERE ${apiKeys.id} = ${keyId} AND EXISTS (SELECT 1 FROM held)
        AND (${apiKeys.characterLimit} IS NULL OR ${apiKeys.characterCount} + ${n} <= ${apiKeys.characterLimit})
      RETURNING ${apiKeys.id}
    )
    UPDATE ${r} SET api_key_id = charged.id FROM charged WHERE ${r.id} = ${reservationId}
    RETURNING ${r.id}`);
  return rowsOf(result).length > 0;
}

/**
 * Ends reservations (the statement's `gone` rows): frees their slots and, for `refund`, gives their
 * characters back to the workspace (only within the period they were debited from, never below 0) and to
 * the API keys charged. Several reservations of one workspace or key are summed, not applied once.
 */
const settle = (gone: SQL, refund: boolean) => sql`
  WITH gone AS (${gone} RETURNING ${r.id}, ${r.workspaceId}, ${r.characters}, ${r.periodEnd}, ${r.apiKeyId}),
  usage AS (
    UPDATE ${u} SET
      running_generations = greatest(0, ${u.runningGenerations}
        - (SELECT count(*) FROM gone WHERE gone.workspace_id = ${u.workspaceId})),
      character_count = greatest(0, ${u.characterCount} - ${
        refund
          ? sql`coalesce((SELECT sum(gone.characters) FROM gone WHERE gone.workspace_id = ${u.workspaceId}
              AND gone.period_end = ${u.nextCharacterCountResetAt}), 0)`
          : sql`0`
      }),
      updated_at = now()
    WHERE ${u.workspaceId} IN (SELECT workspace_id FROM gone)
  )${
    refund
      ? sql`, keys AS (
    UPDATE ${apiKeys} SET character_count = greatest(0, ${apiKeys.characterCount}
      - (SELECT sum(gone.characters) FROM gone WHERE gone.api_key_id = ${apiKeys.id}))
    WHERE ${apiKeys.id} IN (SELECT api_key_id FROM gone WHERE api_key_id IS NOT NULL)
  )`
      : sql``
  }`;

/** A failed or refused generation: its reservation refunded. False if it was already gone (reclaimed). */
export async function refundReservation(db: AppDb, id: string): Promise<boolean> {
  const result = await db.execute(sql`
    ${settle(sql`DELETE FROM ${r} WHERE ${r.id} = ${id}`, true)}
    SELECT id FROM gone`);
  return rowsOf(result).length > 0;
}

/**
 * A completed generation: its reservation becomes a usage record (characters stay spent) in one statement.
 * False when the reservation was already gone (its node was taken for dead and it was refunded): then
 * nothing is recorded, so the quota still equals what was kept.
 */
export async function completeReservation(
  db: AppDb,
  id: string,
  record: Omit<typeof usageRecords.$inferInsert, 'workspaceId' | 'characters'>,
): Promise<boolean> {
  const result = await db.execute(sql`
    ${settle(sql`DELETE FROM ${r} WHERE ${r.id} = ${id}`, false)},
    recorded AS (
      INSERT INTO ${usageRecords} (id, workspace_id, user_id, api_key_id, voice_id, model_id, source, characters)
      SELECT ${record.id}, gone.workspace_id, ${record.userId ?? null}, ${record.apiKeyId ?? null},
        ${record.voiceId ?? null}, ${record.modelId ?? null}, ${record.source ?? 'TTS'}, gone.characters
      FROM gone
    )
    SELECT id FROM gone`);
  return rowsOf(result).length > 0;
}

/**
 * Refunds every reservation whose owner is not a live node (`liveNodes` selects their ids): what dead
 * processes held, in one workspace or all. Safe to run on several nodes at once: a reservation is
 * deleted, and refunded, once.
 */
export async function reclaimOrphans(db: AppDb, liveNodes: SQL, workspaceId?: string): Promise<number> {
  const inWorkspace = workspaceId ? sql` AND ${r.workspaceId} = ${workspaceId}` : sql``;
  const result = await db.execute(sql`
    ${settle(sql`DELETE FROM ${r} WHERE ${r.ownerNodeId} NOT IN (${liveNodes})${inWorkspace}`, true)}
    SELECT count(*)::int AS n FROM gone`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** Characters an xi-api-key may still spend under its own limit (0 without a limit row). */
export async function keyRemaining(db: AppDb, keyId: string): Promise<number> {
  const result = await db.execute(sql`
    SELECT greatest(0, ${apiKeys.characterLimit} - ${apiKeys.characterCount})::int AS remaining
    FROM ${apiKeys} WHERE ${apiKeys.id} = ${keyId}`);
  return Number(rowsOf<{ remaining: number | null }>(result)[0]?.remaining ?? 0);
}
