import { sql } from 'drizzle-orm';
import { workspaceUsage as u } from '../../db/schema/usage';

/**
 * A workspace's quota as of now, computed where it is read (decision 033): once the period has ended the
 * count reads 0 and the reset moves on by whole months (an idle workspace resets once, to the next
 * anniversary after now). Reads never write: the next debit stores the reset, in the same statement that
 * charges. Same rule as the debit's in usage.repo.ts.
 */
const due = sql`${u.nextCharacterCountResetAt} <= now()`;
const nextReset = sql`${u.nextCharacterCountResetAt} + make_interval(months => (
  extract(year from age(now(), ${u.nextCharacterCountResetAt}))::int * 12
  + extract(month from age(now(), ${u.nextCharacterCountResetAt}))::int + 1))`;

/** Select columns: character_count and next_character_count_reset_at with a due reset applied. */
export const usageAsOfNow = {
  characterCount: sql<number>`CASE WHEN ${due} THEN 0 ELSE ${u.characterCount} END`.mapWith(Number),
  nextCharacterCountResetAt:
    sql<Date>`CASE WHEN ${due} THEN ${nextReset} ELSE ${u.nextCharacterCountResetAt} END`.mapWith(
      u.nextCharacterCountResetAt,
    ),
};
