import { createHash, randomBytes } from 'node:crypto';
import type {
  ApiKey,
  CreateApiKeyBody,
  CreateApiKeyResponse,
  EditApiKeyBody,
  ListApiKeysResponse,
} from '@vocalis/contracts/api-keys';
import { principalCacheOf } from '../../auth/principal-cache';
import { apiKeyCallerByHash, type CallerWorkspace } from '../../auth/session-principal.repo';
import type { AppDb } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import {
  assertLimitKept,
  assertKeysReachable,
  hasPermission,
  ungrantedPermission,
  type KeyCaller,
} from './api-keys.policy';
import { findActiveServiceAccount } from '../service-accounts/service-accounts.repo';
import { presentApiKey } from './api-keys.presenter';
import * as repo from './api-keys.repo';

const LAST_USED_PRECISION_MS = 60_000;
/** The scope ElevenLabs uses for managing keys; a key limited to other scopes cannot mint or edit keys. */
const MANAGE_KEYS_SCOPE = 'create_user_api_key';

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** ElevenLabs answers a missing scope with 401 missing_permissions. */
export const missingPermission = (scope: string) =>
  new AppError(
    401,
    'missing_permissions',
    `The API key you used is missing the permission ${scope} to execute this operation.`,
  );

/** A key's own character limit reached (ElevenLabs' 401 quota_exceeded). */
export const keyCharacterLimitExceeded = (remaining: number, requested: number) =>
  new AppError(
    401,
    'quota_exceeded',
    `This request exceeds your API key's character limit. You have ${remaining} characters remaining, while ${requested} characters are required for this request.`,
  );

type NewKey = { name: string; permissions?: readonly string[] | null; characterLimit?: number | null };

/** Creates an xi-api-key for a user; the plain key is returned once and only its hash is kept. */
export async function createApiKey(db: AppDb, userId: string, name: string | NewKey) {
  const spec: NewKey = typeof name === 'string' ? { name } : name;
  const key = `sk_${randomBytes(24).toString('hex')}`;
  const [row] = await repo.insertApiKey(db, {
    id: newId(),
    userId,
    name: spec.name,
    keyHash: hashKey(key),
    keyPreview: `${key.slice(0, 3)}...${key.slice(-4)}`,
    permissions: spec.permissions ? [...spec.permissions] : null,
    characterLimit: spec.characterLimit ?? null,
  });
  return { id: row!.id, key, preview: row!.keyPreview };
}

export type ApiKeyPrincipal = {
  userId: string;
  keyId: string;
  permissions: readonly string[] | null;
  /** The owner's current workspace, read in the same statement (null without one). */
  workspace: CallerWorkspace | null;
};

// Keys whose last-used time this process is writing now: concurrent requests of one key write once.
const touching = new Set<string>();

type CachedKey = { principal: ApiKeyPrincipal; lastUsedAt: Date | null };

/**
 * Resolves an xi-api-key to its owner, scopes and the owner's current workspace, recording when it was last
 * used; null for unknown, deleted or disabled keys. Admitted keys are served from memory until anything about
 * them changes (auth/principal-cache.ts, decision 041); otherwise one statement.
 */
export async function authenticateApiKey(db: AppDb, key: string): Promise<ApiKeyPrincipal | null> {
  if (!/^sk_[0-9a-f]{48}$/.test(key)) return null;
  const keyHash = hashKey(key);
  const cache = principalCacheOf<CachedKey>(db);
  let found = cache.get(keyHash);
  if (!found) {
    const since = cache.begin();
    const row = await apiKeyCallerByHash(db, keyHash);
    if (!row || row.disabled || (row.ownerState !== null && row.ownerState !== 'active')) return null;
    const workspace = row.workspace && Object.freeze({ ...row.workspace });
    const permissions = row.permissions && Object.freeze([...row.permissions]);
    const principal = Object.freeze({ userId: row.userId, keyId: row.keyId, permissions, workspace });
    found = { principal, lastUsedAt: row.lastUsedAt };
    cache.set(keyHash, found, since);
  }
  touchLastUsed(db, keyHash, found);
  return found.principal;
}

/**
 * Last-used is informational (minute precision): never fail or delay the request for it, and do not turn
 * every authenticated read into a write.
 */
function touchLastUsed(db: AppDb, keyHash: string, found: CachedKey): void {
  const keyId = found.principal.keyId;
  const stale = !found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > LAST_USED_PRECISION_MS;
  if (!stale || touching.has(keyId)) return;
  touching.add(keyId);
  const now = new Date();
  void repo
    .touchApiKey(db, keyId)
    .then(() => principalCacheOf<CachedKey>(db).update(keyHash, (v) => ({ ...v, lastUsedAt: now })))
    .catch(() => undefined)
    .finally(() => touching.delete(keyId));
}

/** The caller fields the character helpers read (a request's principal fits). */
export type ChargeableCaller = { via: 'session' | 'api_key'; keyId?: string };

/**
 * Charges `count` characters to the calling xi-api-key's own limit before work that spends characters
 * (text to speech, …). Sessions and keys without a limit pass; a key over its limit gets 401
 * quota_exceeded. The check and the increment are one statement, so concurrent requests cannot overspend.
 * Call `refundApiKeyCharacters` with the same count if the work then fails.
 */
export async function chargeApiKeyCharacters(
  db: AppDb,
  caller: ChargeableCaller,
  count: number,
): Promise<void> {
  if (caller.via !== 'api_key' || !caller.keyId || count <= 0) return;
  if (await repo.addCharacters(db, caller.keyId, count)) return;
  const row = await repo.findApiKey(db, caller.keyId);
  const remaining = row?.characterLimit == null ? 0 : Math.max(0, row.characterLimit - row.characterCount);
  throw keyCharacterLimitExceeded(remaining, count);
}

/** Gives back characters charged by `chargeApiKeyCharacters` for work that failed. */
export async function refundApiKeyCharacters(
  db: AppDb,
  caller: ChargeableCaller,
  count: number,
): Promise<void> {
  if (caller.via !== 'api_key' || !caller.keyId || count <= 0) return;
  await repo.subtractCharacters(db, caller.keyId, count);
}

/**
 * API-key management under /v1/service-accounts/{id}/api-keys (decision 009): the caller's own keys, or a
 * service account's of the workspace they administer (decision 122).
 */
export class ApiKeysService {
  constructor(private readonly db: AppDb) {}

  private async check(caller: KeyCaller, serviceAccountUserId: string): Promise<void> {
    const serviceAccount =
      caller.userId === serviceAccountUserId
        ? undefined
        : await findActiveServiceAccount(this.db, serviceAccountUserId);
    assertKeysReachable(caller, serviceAccountUserId, serviceAccount?.workspaceId ?? null);
    if (!hasPermission(caller, MANAGE_KEYS_SCOPE)) throw missingPermission(MANAGE_KEYS_SCOPE);
  }

  /**
   * A key hands out only the permissions it has (`granted`: null = all, undefined = unchanged), and a key
   * with its own character limit may not create keys or change limits (`touchesLimits`).
   */
  private async checkGrant(
    caller: KeyCaller,
    granted: readonly string[] | null | undefined,
    touchesLimits: boolean,
  ): Promise<void> {
    if (granted !== undefined) {
      const missing = ungrantedPermission(caller, granted);
      if (missing) throw missingPermission(missing);
    }
    if (caller.via === 'api_key' && caller.keyId && touchesLimits) {
      assertLimitKept((await repo.findApiKey(this.db, caller.keyId))?.characterLimit ?? null, true);
    }
  }

  async list(caller: KeyCaller, serviceAccountUserId: string): Promise<ListApiKeysResponse> {
    await this.check(caller, serviceAccountUserId);
    const rows = await repo.listApiKeys(this.db, serviceAccountUserId);
    return { 'api-keys': rows.map(presentApiKey) };
  }

  /** The plain key is in this answer only. (The onboarding checklist's "API key revealed" item will hook in here.) */
  async create(
    caller: KeyCaller,
    serviceAccountUserId: string,
    body: CreateApiKeyBody,
  ): Promise<CreateApiKeyResponse> {
    await this.check(caller, serviceAccountUserId);
    const permissions = body.permissions === 'all' ? null : body.permissions;
    await this.checkGrant(caller, permissions, true);
    const created = await createApiKey(this.db, serviceAccountUserId, {
      name: body.name,
      permissions,
      characterLimit: body.character_limit ?? null,
    });
    return { 'xi-api-key': created.key, key_id: created.id };
  }

  async edit(
    caller: KeyCaller,
    serviceAccountUserId: string,
    keyId: string,
    body: EditApiKeyBody,
  ): Promise<ApiKey> {
    await this.check(caller, serviceAccountUserId);
    const changes: repo.ApiKeyChanges = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.is_enabled !== undefined && body.is_enabled !== 'no_update') changes.disabled = !body.is_enabled;
    if (body.permissions !== undefined && body.permissions !== 'no_update') {
      changes.permissions = body.permissions === 'all' ? null : [...body.permissions];
    }
    if (body.character_limit !== undefined && body.character_limit !== 'no_update') {
      changes.characterLimit = body.character_limit === 'clear' ? null : body.character_limit;
    }
    await this.checkGrant(caller, changes.permissions, changes.characterLimit !== undefined);
    const row = await repo.updateApiKey(this.db, serviceAccountUserId, keyId, changes);
    if (!row) throw notFound('API key not found.', 'api_key_not_found');
    return presentApiKey(row);
  }

  async delete(caller: KeyCaller, serviceAccountUserId: string, keyId: string): Promise<void> {
    await this.check(caller, serviceAccountUserId);
    if (!(await repo.deleteApiKey(this.db, serviceAccountUserId, keyId))) {
      throw notFound('API key not found.', 'api_key_not_found');
    }
  }

  /** See `chargeApiKeyCharacters`. */
  charge(caller: ChargeableCaller, count: number): Promise<void> {
    return chargeApiKeyCharacters(this.db, caller, count);
  }
}
