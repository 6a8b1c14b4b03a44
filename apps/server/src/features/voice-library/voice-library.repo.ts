/**
 * The library listing: voices shared by any workspace with their real counts (copies made, characters
 * spoken with copies in other workspaces), filtered, sorted and paged in SQL.
 */
import type { SharedVoicesQuery } from '@vocalis/contracts/voice-library';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { voiceSharing } from '../../db/schema/voice-library';
import { voices } from '../../db/schema/voices';

/** Characters spoken with copies of the shared voice since `interval` ago. */
const usageSince = (interval: string) =>
  sql<number>`coalesce((
  select sum(h.character_count_change_to - h.character_count_change_from)
  from voice_library_copies c
  join history_item_voices hv on hv.voice_id = c.copy_voice_id
  join history_items h on h.id = hv.history_item_id
  where c.original_voice_id = ${voiceSharing.voiceId} and hv.created_at > now() - ${interval}::interval
), 0)`.mapWith(Number);

const clonedBy =
  sql<number>`(select count(*) from voice_library_copies c where c.original_voice_id = ${voiceSharing.voiceId})`.mapWith(
    Number,
  );

/** The library's labels: the sharing labels over the voice's own, gender from the profile when unlabelled. */
const label = (name: string) =>
  sql`coalesce((${voices.labels} || ${voiceSharing.labels}) ->> ${name}, ${name === 'gender' ? sql`${voices.profile} ->> 'gender'` : sql`''`})`;

export type LibraryRow = Awaited<ReturnType<typeof listLibrary>>['rows'][number];

/**
 * Shared voices matching the query (`ids`: only these, for similar voices; `workspaceId`: marks the ones
 * that workspace already added).
 */
export async function listLibrary(
  db: AppDb,
  q: Partial<SharedVoicesQuery> & { page_size: number; page: number },
  opts: { workspaceId: string; ids?: string[]; address?: { publicOwnerId: string; voiceId: string } },
) {
  const where: (SQL | undefined)[] = [eq(voiceSharing.status, 'enabled')];
  if (opts.address) {
    where.push(
      eq(voiceSharing.publicOwnerId, opts.address.publicOwnerId),
      eq(voiceSharing.voiceId, opts.address.voiceId),
    );
  } else {
    where.push(eq(voiceSharing.enableLibrary, true));
  }
  if (opts.ids) where.push(opts.ids.length ? inArray(voiceSharing.voiceId, opts.ids) : sql`false`);
  const same = (name: string, value: string | undefined) =>
    value === undefined || value === '' ? undefined : sql`lower(${label(name)}) = lower(${value})`;
  where.push(same('gender', q.gender), same('age', q.age), same('accent', q.accent));
  if (q.language) where.push(sql`lower(${voices.language}) = lower(${q.language})`);
  if (q.locale) where.push(sql`lower(${voices.language}) = lower(${q.locale.split(/[-_]/)[0]})`);
  if (q.category) where.push(sql`${voices.category} = ${q.category}`);
  if (q.use_cases?.length)
    where.push(sql`lower(${label('use_case')}) in ${q.use_cases.map((u) => u.toLowerCase())}`);
  if (q.descriptives?.length)
    where.push(sql`lower(${label('descriptive')}) in ${q.descriptives.map((u) => u.toLowerCase())}`);
  if (q.featured !== undefined) where.push(eq(voiceSharing.featured, q.featured));
  if (q.min_notice_period_days !== undefined)
    where.push(sql`${voiceSharing.noticePeriodDays} >= ${q.min_notice_period_days}`);
  if (q.include_custom_rates === false) where.push(sql`${voiceSharing.customRate} is null`);
  if (q.include_live_moderated === false) where.push(eq(voiceSharing.liveModeration, false));
  if (q.reader_app_enabled !== undefined) where.push(eq(voiceSharing.readerAppEnabled, q.reader_app_enabled));
  if (q.owner_id) where.push(eq(voiceSharing.publicOwnerId, q.owner_id));
  for (const term of (q.search ?? '').split(/\s+/).filter(Boolean)) {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(${voices.name} ilike ${like} or coalesce(${voices.description}, '') ilike ${like} or (${voices.labels} || ${voiceSharing.labels})::text ilike ${like})`,
    );
  }
  const usage1y = usageSince('1 year');
  const usage7d = usageSince('7 days');
  const order =
    q.sort === 'created_date'
      ? [desc(voiceSharing.enabledAt)]
      : q.sort === 'usage_character_count_1y'
        ? [desc(usage1y), desc(voiceSharing.enabledAt)]
        : q.sort === 'cloned_by_count'
          ? [desc(clonedBy), desc(voiceSharing.enabledAt)]
          : [desc(usage7d), desc(clonedBy), desc(voiceSharing.enabledAt)];
  const rows = await db
    .select({
      sharing: voiceSharing,
      voice: voices,
      usage1y,
      usage7d,
      clonedBy,
      addedVoiceId: sql<
        string | null
      >`(select mine.id from voices mine where mine.workspace_id = ${opts.workspaceId} and mine.copy_of_voice_id = ${voiceSharing.voiceId} and mine.copy_status = 'copied' limit 1)`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(voiceSharing)
    .innerJoin(voices, eq(voices.id, voiceSharing.voiceId))
    .where(and(...where))
    .orderBy(...order, asc(voiceSharing.voiceId))
    .limit(q.page_size)
    .offset(q.page * q.page_size);
  return { rows, total: rows[0]?.total ?? 0 };
}

/** Profiles of every voice in the library, for similar-voice ranking. */
export function libraryProfiles(db: AppDb) {
  return db
    .select({ voiceId: voices.id, profile: voices.profile })
    .from(voiceSharing)
    .innerJoin(voices, eq(voices.id, voiceSharing.voiceId))
    .where(and(eq(voiceSharing.status, 'enabled'), eq(voiceSharing.enableLibrary, true)));
}
