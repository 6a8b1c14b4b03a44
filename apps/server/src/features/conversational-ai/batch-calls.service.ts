/**
 * Batch calls (conversationalAi.batchCalls.*, decision 228): a named list of recipients called by one agent
 * from one number, at a scheduled time, at most N at once (the batch's target, never above the plan's
 * concurrent conversations); cancel stops what has not been dialled, retry dials the failed ones again.
 */
import type { SubmitBatchBody } from '@vocalis/contracts/conversational-ai-batch-calls';
import type { AppDb } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import type { Principal } from '../../plugins/auth';
import { presentBatch, presentRecipient } from './batch-calls.presenter';
import * as repo from './batch-calls.repo';
import type { BatchCallEvents } from './telephony/batch-call-events';
import type { OutboundCalls } from './telephony/outbound-calls';

export const batchNotFound = (id: string) =>
  notFound(`Batch call with id ${id} was not found.`, 'batch_call_not_found');

const cursor = (b: repo.BatchRow) =>
  Buffer.from(JSON.stringify([b.createdAt.getTime(), b.id])).toString('base64url');
function fromCursor(c: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(c, 'base64url').toString()) as [number, string];
    if (typeof at === 'number' && typeof id === 'string') return { at: new Date(at), id };
  } catch {
    // falls through
  }
  throw badRequest('The cursor is not one this server gave out.', 'invalid_cursor');
}

export class BatchCallsService {
  constructor(
    private readonly db: AppDb,
    private readonly calls: OutboundCalls,
    private readonly workspaceOf: (caller: Principal) => Promise<{ id: string }>,
    private readonly wake: () => void,
    private readonly events?: BatchCallEvents,
  ) {}

  async submit(caller: Principal, body: SubmitBatchBody) {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const { agent, number } = await this.calls.prepare(
      workspaceId,
      body.agent_id,
      body.agent_phone_number_id,
    );
    const id = `btcal_${newId(24)}`;
    const now = new Date();
    const scheduledAt = body.scheduled_time_unix ? new Date(body.scheduled_time_unix * 1000) : now;
    await repo.insertBatch(
      this.db,
      {
        id,
        workspaceId,
        name: body.call_name,
        agentId: agent.id,
        agentName: agent.name,
        phoneNumberId: number.id,
        provider: number.provider,
        status: 'pending',
        scheduledAt,
        timezone: body.timezone ?? null,
        targetConcurrencyLimit: body.target_concurrency_limit ?? null,
        telephonyCallConfig: body.telephony_call_config ?? {},
      },
      body.recipients.map((r, i) => ({
        id: r.id ?? `rcpt_${newId(20)}`,
        batchId: id,
        ordinal: i,
        phoneNumber: r.phone_number,
        clientData: r.conversation_initiation_client_data ?? {},
        status: 'pending',
      })),
    );
    await this.events?.changed(workspaceId, id, 'insert');
    this.wake();
    return this.summary(workspaceId, id);
  }

  private async summary(workspaceId: string, id: string) {
    const batch = await repo.findBatch(this.db, workspaceId, id);
    if (!batch) throw batchNotFound(id);
    return presentBatch(batch, (await repo.countsOf(this.db, [id])).get(id));
  }

  async list(caller: Principal, q: { limit: number; last_doc?: string; agent_id?: string }) {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const rows = await repo.listBatches(this.db, workspaceId, {
      limit: q.limit,
      agentId: q.agent_id,
      before: q.last_doc ? fromCursor(q.last_doc) : undefined,
    });
    const page = rows.slice(0, q.limit);
    const counts = await repo.countsOf(
      this.db,
      page.map((b) => b.id),
    );
    const more = rows.length > q.limit;
    return {
      batch_calls: page.map((b) => presentBatch(b, counts.get(b.id))),
      ...(more ? { next_doc: cursor(page.at(-1)!) } : {}),
      has_more: more,
    };
  }

  async get(caller: Principal, id: string) {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const summary = await this.summary(workspaceId, id);
    return { ...summary, recipients: (await repo.recipientsOf(this.db, id)).map(presentRecipient) };
  }

  async cancel(caller: Principal, id: string) {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const batch = await repo.findBatch(this.db, workspaceId, id);
    if (!batch) throw batchNotFound(id);
    if (batch.status === 'completed' || batch.status === 'cancelled')
      throw conflict(`The batch is already ${batch.status}.`, 'batch_call_finished');
    await this.db.transaction(async (tx) => {
      await repo.setBatch(tx as AppDb, id, { status: 'cancelled' });
      await repo.moveRecipients(tx as AppDb, id, ['pending'], 'cancelled');
    });
    await this.events?.changed(workspaceId, id);
    return this.summary(workspaceId, id);
  }

  async retry(caller: Principal, id: string) {
    const workspaceId = (await this.workspaceOf(caller)).id;
    const batch = await repo.findBatch(this.db, workspaceId, id);
    if (!batch) throw batchNotFound(id);
    const failed = (await repo.recipientsOf(this.db, id)).filter((r) => r.status === 'failed');
    if (!failed.length)
      throw conflict('No call of this batch failed: there is nothing to retry.', 'nothing_to_retry');
    await this.db.transaction(async (tx) => {
      await repo.moveRecipients(tx as AppDb, id, ['failed'], 'pending', true);
      await repo.setBatch(tx as AppDb, id, { status: 'in_progress', retryCount: batch.retryCount + 1 });
    });
    await this.events?.changed(workspaceId, id);
    this.wake();
    return this.summary(workspaceId, id);
  }

  async remove(caller: Principal, id: string): Promise<void> {
    const workspaceId = (await this.workspaceOf(caller)).id;
    if (!(await repo.deleteBatch(this.db, workspaceId, id))) throw batchNotFound(id);
    this.events?.deleted(workspaceId, id);
  }
}
