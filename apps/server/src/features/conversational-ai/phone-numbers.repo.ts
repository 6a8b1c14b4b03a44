import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { convaiPhoneNumbers } from '../../db/schema/convai-telephony';
import { convaiAgents } from '../../db/schema/conversational-ai';

export type PhoneNumberRow = typeof convaiPhoneNumbers.$inferSelect;
export type PhoneNumberWithAgent = PhoneNumberRow & { agentName: string | null };

const withAgent = { number: convaiPhoneNumbers, agentName: convaiAgents.name };
const flatten = (r: { number: PhoneNumberRow; agentName: string | null }) => ({
  ...r.number,
  agentName: r.agentName,
});

export async function insertPhoneNumber(
  db: AppDb,
  row: typeof convaiPhoneNumbers.$inferInsert,
): Promise<void> {
  await db.insert(convaiPhoneNumbers).values(row);
}

export async function findPhoneNumber(
  db: AppDb,
  workspaceId: string,
  id: string,
): Promise<PhoneNumberWithAgent | undefined> {
  const [row] = await db
    .select(withAgent)
    .from(convaiPhoneNumbers)
    .leftJoin(convaiAgents, eq(convaiAgents.id, convaiPhoneNumbers.agentId))
    .where(and(eq(convaiPhoneNumbers.workspaceId, workspaceId), eq(convaiPhoneNumbers.id, id)));
  return row && flatten(row);
}

/** Twilio numbers with this number (inbound calls name the number called, not the workspace). */
export function twilioNumbersByNumber(db: AppDb, phoneNumber: string): Promise<PhoneNumberRow[]> {
  return db
    .select()
    .from(convaiPhoneNumbers)
    .where(and(eq(convaiPhoneNumbers.provider, 'twilio'), eq(convaiPhoneNumbers.phoneNumber, phoneNumber)));
}

/** SIP trunk numbers called `number` (with or without its leading +): inbound INVITEs name the number. */
export function sipNumbersByNumber(db: AppDb, number: string): Promise<PhoneNumberRow[]> {
  const digits = number.replace(/^\+/, '');
  return db
    .select()
    .from(convaiPhoneNumbers)
    .where(
      and(
        eq(convaiPhoneNumbers.provider, 'sip_trunk'),
        inArray(convaiPhoneNumbers.phoneNumber, [digits, `+${digits}`]),
      ),
    )
    .orderBy(asc(convaiPhoneNumbers.createdAt));
}

/** A phone number by id alone (the inbound webhook's URL names it). */
export async function findPhoneNumberById(db: AppDb, id: string): Promise<PhoneNumberRow | undefined> {
  const [row] = await db.select().from(convaiPhoneNumbers).where(eq(convaiPhoneNumbers.id, id));
  return row;
}

export async function listPhoneNumbers(
  db: AppDb,
  workspaceId: string,
  q: { provider?: string; agentId?: string },
): Promise<PhoneNumberWithAgent[]> {
  const where: SQL[] = [eq(convaiPhoneNumbers.workspaceId, workspaceId)];
  if (q.provider) where.push(eq(convaiPhoneNumbers.provider, q.provider as PhoneNumberRow['provider']));
  if (q.agentId) where.push(eq(convaiPhoneNumbers.agentId, q.agentId));
  const rows = await db
    .select(withAgent)
    .from(convaiPhoneNumbers)
    .leftJoin(convaiAgents, eq(convaiAgents.id, convaiPhoneNumbers.agentId))
    .where(and(...where))
    .orderBy(asc(convaiPhoneNumbers.createdAt), asc(convaiPhoneNumbers.id));
  return rows.map(flatten);
}

export async function updatePhoneNumber(
  db: AppDb,
  workspaceId: string,
  id: string,
  set: Partial<typeof convaiPhoneNumbers.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(convaiPhoneNumbers)
    .set(set)
    .where(and(eq(convaiPhoneNumbers.workspaceId, workspaceId), eq(convaiPhoneNumbers.id, id)))
    .returning({ id: convaiPhoneNumbers.id });
  return rows.length > 0;
}

export async function deletePhoneNumber(db: AppDb, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(convaiPhoneNumbers)
    .where(and(eq(convaiPhoneNumbers.workspaceId, workspaceId), eq(convaiPhoneNumbers.id, id)))
    .returning({ id: convaiPhoneNumbers.id });
  return rows.length > 0;
}
