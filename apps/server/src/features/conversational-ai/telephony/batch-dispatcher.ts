/**
 * Runs batch calls (decision 228) in the server process, where the calls' media lives: every second (and at
 * once when a batch is submitted or retried) it brings each running batch's recipients up to date from their
 * conversations, then dials pending recipients until the batch has min(target, plan) calls going. A
 * recipient is claimed by a conditional update (pending → initiated), so two nodes never dial the same one.
 */
import { conversationalConcurrency } from '@vocalis/domain/conversational-ai/conversation-limits';
import { and, eq } from 'drizzle-orm';
import type { AppDb } from '../../../db/client';
import { convaiBatchRecipients } from '../../../db/schema/convai-telephony';
import * as repo from '../batch-calls.repo';
import { workspaceTier } from '../conversations.repo';
import type { OutboundCalls } from './outbound-calls';
import { DEFAULT_RINGING_TIMEOUT_SECS } from './telephony-provider';

const ACTIVE = ['initiated', 'in_progress'];
/** How long after its ringing timeout an unanswered call counts as failed. */
const GRACE_MS = 30_000;

export class BatchDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: AppDb,
    private readonly calls: OutboundCalls,
    private readonly log: { error(obj: object, msg: string): void },
    /** Told after a batch or one of its recipients changed (the live `batch_call` collection). */
    private readonly changed: (workspaceId: string, batchId: string) => Promise<void> = async () => undefined,
  ) {}

  start(everyMs = 1000): void {
    this.timer = setInterval(() => this.wake(), everyMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.tick()
      .catch((err: unknown) => this.log.error({ err }, 'batch calls tick failed'))
      .finally(() => {
        this.running = null;
        if (this.again && this.timer) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async tick(): Promise<void> {
    for (const batch of await repo.dueBatches(this.db, new Date())) await this.advance(batch);
  }

  private async advance(batch: repo.BatchRow): Promise<void> {
    let moved = batch.status === 'pending';
    try {
      moved = (await this.step(batch)) || moved;
    } finally {
      if (moved) await this.changed(batch.workspaceId, batch.id);
    }
  }

  /** One pass over a batch; true when anything of it changed. */
  private async step(batch: repo.BatchRow): Promise<boolean> {
    let moved = false;
    if (batch.status === 'pending') await repo.setBatch(this.db, batch.id, { status: 'in_progress' });
    const recipients = await repo.recipientsOf(this.db, batch.id);
    const ringMs =
      ((batch.telephonyCallConfig.ringing_timeout_secs as number | undefined) ??
        DEFAULT_RINGING_TIMEOUT_SECS) * 1000;
    const statuses = await repo.conversationStatuses(
      this.db,
      recipients.filter((r) => ACTIVE.includes(r.status) && r.conversationId).map((r) => r.conversationId!),
    );
    let active = 0;
    for (const r of recipients.filter((x) => ACTIVE.includes(x.status))) {
      const conversation = r.conversationId ? statuses.get(r.conversationId) : undefined;
      const next =
        conversation === 'done'
          ? { status: 'completed' }
          : conversation === 'failed'
            ? { status: 'failed', error: 'The call failed.' }
            : conversation === 'in-progress'
              ? { status: 'in_progress' }
              : r.dialedAt && Date.now() - r.dialedAt.getTime() > ringMs + GRACE_MS
                ? { status: 'failed', error: 'Nobody answered the call.' }
                : null;
      if (next && next.status !== r.status) {
        await repo.setRecipient(this.db, r.id, next);
        moved = true;
      }
      if (!next || ACTIVE.includes(next.status)) active++;
    }
    const plan = conversationalConcurrency(await workspaceTier(this.db, batch.workspaceId));
    const limit = Math.min(batch.targetConcurrencyLimit ?? plan, plan);
    const pending = recipients.filter((r) => r.status === 'pending');
    for (const r of pending.slice(0, Math.max(0, limit - active)))
      if (await this.dial(batch, r)) moved = true;
    if (!pending.length && !active) {
      const all = await repo.recipientsOf(this.db, batch.id);
      const failedAll = all.length > 0 && all.every((r) => r.status === 'failed');
      await repo.setBatch(this.db, batch.id, { status: failedAll ? 'failed' : 'completed' });
      moved = true;
    }
    return moved;
  }

  /** Claims and dials a recipient; false when another node claimed it first. */
  private async dial(batch: repo.BatchRow, r: repo.RecipientRow): Promise<boolean> {
    const claimed = await this.db
      .update(convaiBatchRecipients)
      .set({ status: 'initiated', dialedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(convaiBatchRecipients.id, r.id), eq(convaiBatchRecipients.status, 'pending')))
      .returning({ id: convaiBatchRecipients.id });
    if (!claimed.length) return false;
    // Dialling a SIP trunk waits for the answer: the tick does not wait for it.
    void this.calls
      .dial(batch.workspaceId, {
        agentId: batch.agentId,
        phoneNumberId: batch.phoneNumberId ?? '',
        to: r.phoneNumber,
        clientData: r.clientData,
        ringingTimeoutSecs: batch.telephonyCallConfig.ringing_timeout_secs as number | undefined,
        extra: { batch_call: { batch_call_id: batch.id, batch_call_recipient_id: r.id } },
      })
      .then(
        (placed) => repo.setRecipient(this.db, r.id, { conversationId: placed.conversationId }),
        (err: unknown) =>
          repo.setRecipient(this.db, r.id, {
            status: 'failed',
            error: err instanceof Error ? err.message : 'The call could not be placed.',
          }),
      )
      .then(() => this.changed(batch.workspaceId, batch.id))
      .catch((err: unknown) => this.log.error({ err }, 'batch recipient not updated'));
    return true;
  }
}
