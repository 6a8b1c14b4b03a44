import { concurrencyLimit, monthlyCharacterLimit, quotaExceededMessage } from '@vocalis/domain/plan-limits';
import type { AppDb } from '../../db/client';
import { AppError, notFound, tooManyRequests } from '../../errors';
import { newId } from '../../lib/ids';
import {
  chargeApiKeyCharacters,
  refundApiKeyCharacters,
  type ChargeableCaller,
} from '../api-keys/api-keys.service';
import * as repo from './usage.repo';

/** ElevenLabs answers an exhausted quota with 401 quota_exceeded. */
export const quotaExceeded = (remaining: number, requested: number) =>
  new AppError(401, 'quota_exceeded', quotaExceededMessage(remaining, requested));

export const tooManyConcurrentRequests = (limit: number) =>
  tooManyRequests(
    `Your workspace already runs ${limit} generations at once, the most its plan allows. Try again when one has finished.`,
    'too_many_concurrent_requests',
  );

/** What a running generation holds: its debit and its slot, given back by `finish`. */
export type Reservation = {
  workspaceId: string;
  characters: number;
  /** Counts before and after the debit (history's character_count_change_from/to). */
  countFrom: number;
  countTo: number;
  periodEnd: Date;
  caller: ChargeableCaller;
  slotId: string;
};

export type WorkspaceUsage = {
  character_count: number;
  character_limit: number;
  next_character_count_reset_unix: number;
};

/** Slots live this long without a heartbeat: a crashed process's generations stop counting after it. */
export const SLOT_TTL_SECONDS = 60;
const HEARTBEAT_MS = 15_000;

/** Workspace character quota and concurrent-generation slots (decision 010). */
export class UsageService {
  private readonly held = new Set<string>();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly db: AppDb) {}

  /** The workspace the user works in now, with its tier. */
  async workspaceOf(userId: string): Promise<{ id: string; tier: string }> {
    const ws = await repo.currentWorkspace(this.db, userId);
    if (!ws) throw notFound('The user has no workspace.', 'workspace_not_found');
    return ws;
  }

  /** The quota fields of GET /v1/user's subscription. */
  async usage(workspaceId: string, tier: string): Promise<WorkspaceUsage> {
    const row = await repo.ensureUsage(this.db, workspaceId, monthlyCharacterLimit(tier));
    return {
      character_count: row.characterCount,
      character_limit: row.characterLimit,
      next_character_count_reset_unix: Math.floor(row.nextCharacterCountResetAt.getTime() / 1000),
    };
  }

  /**
   * Debits the workspace quota and the API key's own limit, then takes a concurrency slot; on any
   * refusal whatever was taken is given back. 401 quota_exceeded, 429 too_many_concurrent_requests.
   */
  async reserve(input: {
    userId: string;
    caller: ChargeableCaller;
    characters: number;
    requestId: string;
  }): Promise<Reservation> {
    const ws = await this.workspaceOf(input.userId);
    const n = input.characters;
    const before = await repo.ensureUsage(this.db, ws.id, monthlyCharacterLimit(ws.tier));
    const debited = await repo.debitCharacters(this.db, ws.id, n);
    if (!debited) {
      // Read again: the debit may have failed against a count other requests changed since.
      const now = await repo.ensureUsage(this.db, ws.id, before.characterLimit);
      throw quotaExceeded(now.characterLimit - now.characterCount, n);
    }
    const r: Reservation = {
      workspaceId: ws.id,
      characters: n,
      countFrom: debited.characterCount - n,
      countTo: debited.characterCount,
      periodEnd: debited.nextCharacterCountResetAt,
      caller: input.caller,
      slotId: newId(),
    };
    try {
      await chargeApiKeyCharacters(this.db, input.caller, n);
    } catch (error) {
      await repo.refundCharacters(this.db, ws.id, n, r.periodEnd);
      throw error;
    }
    const slot = await repo.acquireSlot(this.db, {
      id: r.slotId,
      workspaceId: ws.id,
      requestId: input.requestId,
      tierLimit: concurrencyLimit(ws.tier),
      ttlSeconds: SLOT_TTL_SECONDS,
    });
    if (!slot.acquired) {
      await this.refund(r);
      throw tooManyConcurrentRequests(slot.limit);
    }
    this.hold(r.slotId);
    return r;
  }

  /** Ends a reservation: frees the slot, and gives the characters back unless the generation completed. */
  async finish(r: Reservation, completed: boolean): Promise<void> {
    this.held.delete(r.slotId);
    await repo.releaseSlot(this.db, r.slotId);
    if (!completed) await this.refund(r);
  }

  /** Stops the heartbeat (app close). */
  stop(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private async refund(r: Reservation): Promise<void> {
    await repo.refundCharacters(this.db, r.workspaceId, r.characters, r.periodEnd);
    await refundApiKeyCharacters(this.db, r.caller, r.characters);
  }

  private hold(slotId: string): void {
    this.held.add(slotId);
    this.heartbeat ??= setInterval(() => {
      if (this.held.size === 0) return this.stop();
      void repo.extendSlots(this.db, [...this.held], SLOT_TTL_SECONDS).catch(() => undefined);
    }, HEARTBEAT_MS).unref();
  }
}
