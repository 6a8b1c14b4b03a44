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
import { keyCharacterLimitExceeded, type ChargeableCaller } from '../api-keys/api-keys.service';
import { liveNodeIds } from '../../nodes/nodes.repo';
import * as reservations from './reservations.repo';
import * as repo from './usage.repo';

/** ElevenLabs answers an exhausted quota with 401 quota_exceeded. */
export const quotaExceeded = (remaining: number, requested: number) =>
  new AppError(401, 'quota_exceeded', quotaExceededMessage(remaining, requested));

export const tooManyConcurrentRequests = (limit: number) =>
  tooManyRequests(
    `Your workspace already runs ${limit} generations at once, the most its plan allows. Try again when one has finished.`,
    'too_many_concurrent_requests',
  );

/** What a running generation holds: its reservation (debit and slot), ended by `finish`. */
export type Reservation = {
  /** generation_reservations.id */
  id: string;
  workspaceId: string;
  characters: number;
  /** Counts before and after the debit (history's character_count_change_from/to). */
  countFrom: number;
  countTo: number;
  caller: ChargeableCaller;
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

/** The process a reservation belongs to (a server_nodes row); its reservations die with it (decision 028). */
export type ReservationOwner = { readonly id: string };

/**
 * Workspace character quota and concurrent-generation slots (decisions 010, 028). A generation's debit and
 * slot are one reservation, owned by this process: it becomes a usage record (and the caller's history
 * item) or is refunded, by this process, or by any process once this one is dead.
 */
export class UsageService {
  constructor(
    private readonly db: AppDb,
    private readonly owner: ReservationOwner,
  ) {}

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
   * Debits the workspace quota and takes a concurrency slot (one statement: a reservation), then charges
   * the API key's own limit; on a refusal whatever was taken is given back. 401 quota_exceeded, 429
   * too_many_concurrent_requests, 403 workspace_disabled for a free_disabled workspace.
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
    const policy = await repo.quotaPolicy(this.db, ws.id);
    // A free_disabled workspace generates nothing (decision 020); nothing is debited.
    if (!mayGenerate(policy.status)) {
      throw new AppError(403, WORKSPACE_DISABLED_CODE, WORKSPACE_DISABLED_MESSAGE);
    }
    const n = input.characters;
    const extraAllowed = extension(ws.tier, policy);
    const tierConcurrency = concurrencyLimit(ws.tier);
    const id = newId();
    const attempt = () =>
      reservations.reserve(this.db, {
        id,
        workspaceId: ws.id,
        ownerNodeId: this.owner.id,
        requestId: input.requestId,
        characters: n,
        tierCharacterLimit: monthlyCharacterLimit(ws.tier),
        extraAllowed,
        tierConcurrency,
      });
    let reserved = await attempt();
    for (let noticed = false; !reserved; noticed = true) {
      // Read again to say why: the characters (checked first) or the slots.
      const now = await reservations.explainRefusal(this.db, ws.id, tierConcurrency);
      const limit = now.characterLimit || monthlyCharacterLimit(ws.tier);
      const remaining = limit + (extraAllowed ?? Infinity) - now.characterCount;
      if (remaining < n) throw quotaExceeded(remaining, n);
      // Slots held by dead processes are given back as soon as someone needs them, then tried once more.
      if (noticed || !(await reservations.reclaimOrphans(this.db, liveNodeIds(this.owner.id), ws.id)))
        throw tooManyConcurrentRequests(now.concurrency);
      reserved = await attempt();
    }
    const r: Reservation = {
      id,
      workspaceId: ws.id,
      characters: n,
      countFrom: reserved.characterCount - n,
      countTo: reserved.characterCount,
      caller: input.caller,
      userId: input.userId,
      voiceId: input.voiceId ?? null,
      modelId: input.modelId ?? null,
      source: input.source ?? 'TTS',
    };
    const keyId = input.caller.via === 'api_key' ? input.caller.keyId : undefined;
    if (keyId && n > 0 && !(await reservations.chargeKey(this.db, id, keyId, n))) {
      await reservations.refundReservation(this.db, id);
      throw keyCharacterLimitExceeded(await reservations.keyRemaining(this.db, keyId), n);
    }
    return r;
  }

  /**
   * Ends a reservation. A completed generation's characters stay spent: the reservation becomes a usage
   * record, and `keep` (the history item's insert) runs in the same transaction, so a crash leaves either
   * both or the reservation (which is then refunded). Anything else is refunded. If the reservation is
   * already gone (this process was taken for dead and it was refunded), nothing is recorded.
   */
  async finish(r: Reservation, completed: boolean, keep?: (tx: AppDb) => Promise<void>): Promise<void> {
    if (!completed) {
      await reservations.refundReservation(this.db, r.id);
      return;
    }
    const record = {
      id: newId(),
      userId: r.userId,
      apiKeyId: r.caller.via === 'api_key' ? (r.caller.keyId ?? null) : null,
      voiceId: r.voiceId,
      modelId: r.modelId,
      source: r.source,
    };
    if (!keep) {
      await reservations.completeReservation(this.db, r.id, record);
      return;
    }
    await this.db.transaction(async (tx) => {
      if (await reservations.completeReservation(tx, r.id, record)) await keep(tx);
    });
  }
}

/**
 * billing.md §5: beyond the limit only when the workspace may extend (allowed to extend, can extend,
 * and active or enterprise); then up to the tier's extra-character allowance (capped by the owner's
 * max_character_limit_extension when set), or without cap (null) for enterprise and trial.
 */
function extension(
  tier: string,
  policy: { status: string; allowedToExtend: boolean; maxExtension: number | null },
): number | null {
  const allowance = extraCharacterAllowance(tier);
  if (allowance === 0) return 0;
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
