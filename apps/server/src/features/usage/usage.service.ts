import { concurrencyLimit, monthlyCharacterLimit, quotaExceededMessage } from '@vocalis/domain/plan-limits';
import { extraCharacterAllowance, mayExtendCharacterLimit } from '@vocalis/domain/billing/character-quota';
import { UNLIMITED } from '@vocalis/domain/billing/plans';
import { mayGenerate } from '@vocalis/domain/billing/tiers';
import {
  WORKSPACE_DISABLED_CODE,
  WORKSPACE_DISABLED_MESSAGE,
} from '@vocalis/domain/billing/billing-messages';
import type { UserSubscription } from '@vocalis/contracts/user';
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
  userId: string;
  voiceId: string | null;
  modelId: string | null;
  source: string;
};

export type WorkspaceUsage = {
  character_count: number;
  character_limit: number;
  next_character_count_reset_unix: number;
  /** The whole subscription, when billing supplies it (GET /v1/user shows it as is). */
  subscription?: UserSubscription;
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
   * refusal whatever was taken is given back. 401 quota_exceeded, 429 too_many_concurrent_requests,
   * 403 workspace_disabled for a free_disabled workspace.
   */
  async reserve(input: {
    userId: string;
    caller: ChargeableCaller;
    characters: number;
    requestId: string;
    /** What the usage charts break the characters down by. */
    voiceId?: string | null;
    modelId?: string | null;
    source?: string;
  }): Promise<Reservation> {
    const ws = await this.workspaceOf(input.userId);
    // A free_disabled workspace generates nothing (decision 020); nothing is debited.
    if (!mayGenerate((await repo.quotaPolicy(this.db, ws.id)).status)) {
      throw new AppError(403, WORKSPACE_DISABLED_CODE, WORKSPACE_DISABLED_MESSAGE);
    }
    const n = input.characters;
    const before = await repo.ensureUsage(this.db, ws.id, monthlyCharacterLimit(ws.tier));
    const extraAllowed = await this.extension(ws.id, ws.tier);
    const debited = await repo.debitCharacters(this.db, ws.id, n, { extraAllowed });
    if (!debited) {
      // Read again: the debit may have failed against a count other requests changed since.
      const now = await repo.ensureUsage(this.db, ws.id, before.characterLimit);
      throw quotaExceeded(now.characterLimit + (extraAllowed ?? 0) - now.characterCount, n);
    }
    const r: Reservation = {
      workspaceId: ws.id,
      characters: n,
      countFrom: debited.characterCount - n,
      countTo: debited.characterCount,
      periodEnd: debited.nextCharacterCountResetAt,
      caller: input.caller,
      slotId: newId(),
      userId: input.userId,
      voiceId: input.voiceId ?? null,
      modelId: input.modelId ?? null,
      source: input.source ?? 'TTS',
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

  /**
   * Ends a reservation: frees the slot, and gives the characters back unless the generation completed.
   * One transaction, so nobody sees the slot gone while the refund (or the usage record) is still missing.
   */
  async finish(r: Reservation, completed: boolean): Promise<void> {
    this.held.delete(r.slotId);
    await this.db.transaction(async (tx) => {
      await repo.releaseSlot(tx, r.slotId);
      if (!completed) return refund(tx, r);
      await recordCompleted(tx, r);
    });
  }

  /**
   * billing.md §5: beyond the limit only when the workspace may extend (allowed to extend, can extend,
   * and active or enterprise); then up to the tier's extra-character allowance (capped by the owner's
   * max_character_limit_extension when set), or without cap (null) for enterprise and trial.
   */
  private async extension(workspaceId: string, tier: string): Promise<number | null> {
    const allowance = extraCharacterAllowance(tier);
    if (allowance === 0) return 0;
    const policy = await repo.quotaPolicy(this.db, workspaceId);
    const may = mayExtendCharacterLimit({
      tier,
      status: policy.status,
      allowedToExtend: policy.allowedToExtend,
      canExtend: true,
    });
    if (!may) return 0;
    if (allowance === UNLIMITED) return policy.maxExtension;
    return policy.maxExtension === null ? allowance : Math.min(allowance, policy.maxExtension);
  }

  /** Stops the heartbeat (app close). */
  stop(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  private refund(r: Reservation): Promise<void> {
    return refund(this.db, r);
  }

  private hold(slotId: string): void {
    this.held.add(slotId);
    this.heartbeat ??= setInterval(() => {
      if (this.held.size === 0) return this.stop();
      void repo.extendSlots(this.db, [...this.held], SLOT_TTL_SECONDS).catch(() => undefined);
    }, HEARTBEAT_MS).unref();
  }
}

async function refund(db: AppDb, r: Reservation): Promise<void> {
  await repo.refundCharacters(db, r.workspaceId, r.characters, r.periodEnd);
  await refundApiKeyCharacters(db, r.caller, r.characters);
}

async function recordCompleted(db: AppDb, r: Reservation): Promise<void> {
  await repo.recordUsage(db, {
    id: newId(),
    workspaceId: r.workspaceId,
    userId: r.userId,
    apiKeyId: r.caller.via === 'api_key' ? (r.caller.keyId ?? null) : null,
    voiceId: r.voiceId,
    modelId: r.modelId,
    source: r.source,
    characters: r.characters,
  });
}
