import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Per UTC day since `since`: generations made with copies of the voice in other workspaces (and their
 * characters), and copies added. Counted from the copy log, so deleting a copy keeps its history.
 */
export async function shareStatsByDay(db: AppDb, voiceId: string, since: Date) {
  const from = since.toISOString();
  const uses = rowsOf<{ day: string; uses: string | number; characters: string | number }>(
    await db.execute(sql`
      select to_char(date_trunc('day', hv.created_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
             count(*) as uses,
             coalesce(sum(h.character_count_change_to - h.character_count_change_from), 0) as characters
      from voice_library_copies c
      join history_item_voices hv on hv.voice_id = c.copy_voice_id and hv.workspace_id = c.workspace_id
      join history_items h on h.id = hv.history_item_id
      where c.original_voice_id = ${voiceId} and hv.created_at >= ${from}
      group by 1 order by 1`),
  );
  const copies = rowsOf<{ day: string; copies: string | number }>(
    await db.execute(sql`
      select to_char(date_trunc('day', c.created_at at time zone 'UTC'), 'YYYY-MM-DD') as day, count(*) as copies
      from voice_library_copies c
      where c.original_voice_id = ${voiceId} and c.created_at >= ${from}
      group by 1 order by 1`),
  );
  return {
    uses: uses.map((r) => ({ day: r.day, uses: Number(r.uses), characters: Number(r.characters) })),
    copies: copies.map((r) => ({ day: r.day, copies: Number(r.copies) })),
  };
}
